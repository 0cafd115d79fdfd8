import { CATALOGUE } from './catalogue.data';
import type { CatalogueItem } from './catalogue-item';
import { StorageKeys, type StoragePort } from '../ports/storage.port';

/** Where one member's bookmarks live: a key per member, so members sharing a device differ. */
export const bookmarksKey = (memberId: string): string =>
  `${StorageKeys.bookmarksPrefix}:${memberId}`;

/**
 * The member's bookmarked ids: what they saved, or the sample data's own bookmarks before they
 * changed any. Unreadable storage counts as never saved.
 */
export function readBookmarks(storage: StoragePort, memberId: string): Set<number> {
  const saved = storage.get(bookmarksKey(memberId));
  if (saved !== null) {
    try {
      const ids: unknown = JSON.parse(saved);
      if (Array.isArray(ids)) return new Set(ids.filter((id) => Number.isInteger(id)));
    } catch {
      // fall through to the defaults
    }
  }
  return new Set(CATALOGUE.filter((item) => item.isBookmarked).map((item) => item.id));
}

export function writeBookmarks(storage: StoragePort, memberId: string, ids: Set<number>): void {
  storage.set(bookmarksKey(memberId), JSON.stringify([...ids].sort((a, b) => a - b)));
}

/** The catalogue as this member sees it: isBookmarked from their own bookmarks. */
export const withBookmarks = (ids: Set<number>): CatalogueItem[] =>
  CATALOGUE.map((item) => ({ ...item, isBookmarked: ids.has(item.id) }));
