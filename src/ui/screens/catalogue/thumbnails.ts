/**
 * The catalogue's artwork, shipped with the app: one small SVG per item (drawn for this app, no
 * remote images), bundled by Parcel, which gives each a hashed URL. Keyed by catalogue id. One
 * picture serves every size the sample data names (small, medium, large, trending), since an SVG
 * scales.
 */
export const THUMBNAILS: Readonly<Record<number, string>> = {
  1: new URL('../../assets/thumbnails/beyond-earth.svg', import.meta.url).href,
  2: new URL('../../assets/thumbnails/bottom-gear.svg', import.meta.url).href,
  3: new URL('../../assets/thumbnails/undiscovered-cities.svg', import.meta.url).href,
  4: new URL('../../assets/thumbnails/1998.svg', import.meta.url).href,
  5: new URL('../../assets/thumbnails/dark-side-of-the-moon.svg', import.meta.url).href,
  6: new URL('../../assets/thumbnails/the-great-lands.svg', import.meta.url).href,
  7: new URL('../../assets/thumbnails/the-diary.svg', import.meta.url).href,
  8: new URL('../../assets/thumbnails/earth-s-untouched.svg', import.meta.url).href,
  9: new URL('../../assets/thumbnails/no-land-beyond.svg', import.meta.url).href,
  10: new URL('../../assets/thumbnails/during-the-hunt.svg', import.meta.url).href,
  11: new URL('../../assets/thumbnails/autosport-the-series.svg', import.meta.url).href,
  12: new URL('../../assets/thumbnails/same-answer-ii.svg', import.meta.url).href,
  13: new URL('../../assets/thumbnails/below-echo.svg', import.meta.url).href,
  14: new URL('../../assets/thumbnails/the-rockies.svg', import.meta.url).href,
  15: new URL('../../assets/thumbnails/relentless.svg', import.meta.url).href,
  16: new URL('../../assets/thumbnails/community-of-ours.svg', import.meta.url).href,
  17: new URL('../../assets/thumbnails/van-life.svg', import.meta.url).href,
  18: new URL('../../assets/thumbnails/the-heiress.svg', import.meta.url).href,
  19: new URL('../../assets/thumbnails/off-the-track.svg', import.meta.url).href,
  20: new URL('../../assets/thumbnails/whispering-hill.svg', import.meta.url).href,
  21: new URL('../../assets/thumbnails/112.svg', import.meta.url).href,
  22: new URL('../../assets/thumbnails/lone-heart.svg', import.meta.url).href,
  23: new URL('../../assets/thumbnails/production-line.svg', import.meta.url).href,
  25: new URL('../../assets/thumbnails/dogs.svg', import.meta.url).href,
  26: new URL('../../assets/thumbnails/asia-in-24-days.svg', import.meta.url).href,
  27: new URL('../../assets/thumbnails/the-tasty-tour.svg', import.meta.url).href,
  28: new URL('../../assets/thumbnails/darker.svg', import.meta.url).href,
  29: new URL('../../assets/thumbnails/unresolved-cases.svg', import.meta.url).href,
  30: new URL('../../assets/thumbnails/mission-saturn.svg', import.meta.url).href,
};
