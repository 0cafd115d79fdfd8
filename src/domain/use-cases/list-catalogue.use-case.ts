import { readBookmarks, withBookmarks } from '../model/bookmarks';
import type { CatalogueItem } from '../model/catalogue-item';
import type { StoragePort } from '../ports/storage.port';
import { ok, type Result } from '../../contract/result';

/** The built-in catalogue with this member's bookmarks (kept across reloads by StoragePort). */
export class ListCatalogueUseCase {
  constructor(private readonly storage: StoragePort) {}

  execute(input: { memberId: string }): Result<CatalogueItem[], never> {
    return ok(withBookmarks(readBookmarks(this.storage, input.memberId)));
  }
}
