import type { CatalogueCategory, CatalogueItem, CatalogueRating } from './catalogue-item';

/**
 * The built-in sample catalogue: 29 items, ids 1-23 and 25-30 (24 is absent in the source data
 * set), five of them trending. The thumbnail paths are the sample data's own names; the app
 * draws each item's artwork inline instead (src/ui/screens/catalogue/thumbnail.tsx).
 */
const item = (
  id: number,
  title: string,
  year: number,
  category: CatalogueCategory,
  rating: CatalogueRating,
  flags: { trending?: boolean; bookmarked?: boolean } = {},
): CatalogueItem => {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const base = `/assets/thumbnails/${slug}`;
  const isTrending = flags.trending ?? false;
  return {
    id,
    title,
    thumbnail: {
      ...(isTrending
        ? { trending: { small: `${base}/trending/small.jpg`, large: `${base}/trending/large.jpg` } }
        : {}),
      regular: {
        small: `${base}/regular/small.jpg`,
        medium: `${base}/regular/medium.jpg`,
        large: `${base}/regular/large.jpg`,
      },
    },
    year,
    category,
    rating,
    isBookmarked: flags.bookmarked ?? false,
    isTrending,
  };
};

export const CATALOGUE: readonly CatalogueItem[] = [
  item(1, 'Beyond Earth', 2019, 'Movie', 'PG', { trending: true }),
  item(2, 'Bottom Gear', 2021, 'Movie', 'PG', { trending: true }),
  item(3, 'Undiscovered Cities', 2019, 'TV Series', 'E', { trending: true }),
  item(4, '1998', 2021, 'Movie', '18+', { trending: true }),
  item(5, 'Dark Side of the Moon', 2018, 'TV Series', 'PG', { trending: true, bookmarked: true }),
  item(6, 'The Great Lands', 2019, 'Movie', 'E'),
  item(7, 'The Diary', 2019, 'TV Series', 'PG', { bookmarked: true }),
  item(8, "Earth's Untouched", 2017, 'Movie', '18+', { bookmarked: true }),
  item(9, 'No Land Beyond', 2019, 'Movie', 'E'),
  item(10, 'During the Hunt', 2016, 'TV Series', 'PG'),
  item(11, 'Autosport the Series', 2016, 'TV Series', '18+'),
  item(12, 'Same Answer II', 2017, 'Movie', 'E', { bookmarked: true }),
  item(13, 'Below Echo', 2016, 'TV Series', 'PG'),
  item(14, 'The Rockies', 2015, 'TV Series', 'E', { bookmarked: true }),
  item(15, 'Relentless', 2017, 'Movie', 'PG'),
  item(16, 'Community of Ours', 2018, 'TV Series', '18+'),
  item(17, 'Van Life', 2015, 'Movie', 'PG'),
  item(18, 'The Heiress', 2021, 'Movie', 'PG'),
  item(19, 'Off the Track', 2017, 'Movie', '18+', { bookmarked: true }),
  item(20, 'Whispering Hill', 2017, 'Movie', 'E'),
  item(21, '112', 2013, 'TV Series', 'PG'),
  item(22, 'Lone Heart', 2017, 'Movie', 'E'),
  item(23, 'Production Line', 2018, 'TV Series', 'PG'),
  item(25, 'Dogs', 2016, 'TV Series', 'E', { bookmarked: true }),
  item(26, 'Asia in 24 Days', 2020, 'TV Series', 'PG'),
  item(27, 'The Tasty Tour', 2016, 'TV Series', 'PG'),
  item(28, 'Darker', 2017, 'Movie', '18+'),
  item(29, 'Unresolved Cases', 2018, 'TV Series', '18+'),
  item(30, 'Mission: Saturn', 2017, 'Movie', 'PG'),
];
