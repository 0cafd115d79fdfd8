/** A movie or TV series of the built-in sample catalogue. */
export type CatalogueCategory = 'Movie' | 'TV Series';
export type CatalogueRating = 'E' | 'PG' | '18+';

export interface CatalogueThumbnails {
  /** Only trending items have the wide trending artwork. */
  trending?: { small: string; large: string };
  regular: { small: string; medium: string; large: string };
}

export interface CatalogueItem {
  id: number;
  title: string;
  thumbnail: CatalogueThumbnails;
  year: number;
  category: CatalogueCategory;
  rating: CatalogueRating;
  isBookmarked: boolean;
  isTrending: boolean;
}

/** Flips isBookmarked of the item with this id; returns a new list and leaves the others as they are. */
export const toggleBookmark = (items: readonly CatalogueItem[], id: number): CatalogueItem[] =>
  items.map((item) => (item.id === id ? { ...item, isBookmarked: !item.isBookmarked } : item));
