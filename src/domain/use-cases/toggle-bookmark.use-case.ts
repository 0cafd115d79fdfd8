import { readBookmarks, withBookmarks, writeBookmarks } from '../model/bookmarks';
import { CATALOGUE } from '../model/catalogue.data';
import type { CatalogueItem } from '../model/catalogue-item';
import type { Failure } from '../model/failure';
import type { StoragePort } from '../ports/storage.port';
import { err, ok, type Result } from '../../contract/result';

/**
 * Flips isBookmarked of one catalogue item by id and keeps it for this member, so it
 * is still there after a reload. The value is the whole catalogue as the member now sees it.
 */
export class ToggleBookmarkUseCase {
  constructor(private readonly storage: StoragePort) {}

  execute(input: { memberId: string; id: number }): Result<CatalogueItem[], Failure> {
    if (!CATALOGUE.some((item) => item.id === input.id)) {
      return err({ key: 'catalogue.unknownItem' });
    }
    const ids = readBookmarks(this.storage, input.memberId);
    if (ids.has(input.id)) ids.delete(input.id);
    else ids.add(input.id);
    writeBookmarks(this.storage, input.memberId, ids);
    return ok(withBookmarks(ids));
  }
}
