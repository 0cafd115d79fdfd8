import { bookmarksKey } from '../../src/domain/model/bookmarks';
import { CATALOGUE } from '../../src/domain/model/catalogue.data';
import { ListCatalogueUseCase } from '../../src/domain/use-cases/list-catalogue.use-case';
import { ToggleBookmarkUseCase } from '../../src/domain/use-cases/toggle-bookmark.use-case';
import { InMemoryStorage } from '../fakes/in-memory-storage';

const bookmarkedIds = (items: { id: number; isBookmarked: boolean }[]) =>
  items.filter((item) => item.isBookmarked).map((item) => item.id);

const sampleBookmarks = bookmarkedIds([...CATALOGUE]);

describe('ListCatalogueUseCase', () => {
  it("shows the sample data's own bookmarks to a member who never changed any", () => {
    const result = new ListCatalogueUseCase(new InMemoryStorage()).execute({ memberId: 'm-1' });
    expect(result.ok && result.value).toEqual([...CATALOGUE]);
  });

  it('treats unreadable stored bookmarks as never saved', () => {
    const storage = new InMemoryStorage({ [bookmarksKey('m-1')]: '{not json' });
    const result = new ListCatalogueUseCase(storage).execute({ memberId: 'm-1' });
    expect(result.ok && bookmarkedIds(result.value)).toEqual(sampleBookmarks);
  });
});

describe('ToggleBookmarkUseCase', () => {
  it('flips isBookmarked of one item by id and leaves the others as they were', () => {
    const toggle = new ToggleBookmarkUseCase(new InMemoryStorage());
    const result = toggle.execute({ memberId: 'm-1', id: 6 });
    if (!result.ok) throw new Error('expected ok');
    expect(result.value.find((item) => item.id === 6)?.isBookmarked).toBe(true);
    expect(bookmarkedIds(result.value)).toEqual([...sampleBookmarks, 6].sort((a, b) => a - b));
  });

  it('keeps the choice across a reload: a new use case over the same storage sees it', () => {
    const storage = new InMemoryStorage();
    new ToggleBookmarkUseCase(storage).execute({ memberId: 'm-1', id: 5 });
    new ToggleBookmarkUseCase(storage).execute({ memberId: 'm-1', id: 9 });

    const afterReload = new ListCatalogueUseCase(
      new InMemoryStorage(Object.fromEntries(storage.items)),
    );
    const result = afterReload.execute({ memberId: 'm-1' });
    if (!result.ok) throw new Error('expected ok');
    expect(result.value.find((item) => item.id === 5)?.isBookmarked).toBe(false);
    expect(result.value.find((item) => item.id === 9)?.isBookmarked).toBe(true);
  });

  it('keeps each member their own bookmarks', () => {
    const storage = new InMemoryStorage();
    new ToggleBookmarkUseCase(storage).execute({ memberId: 'alice', id: 9 });
    const bob = new ListCatalogueUseCase(storage).execute({ memberId: 'bob' });
    expect(bob.ok && bookmarkedIds(bob.value)).toEqual(sampleBookmarks);
    const alice = new ListCatalogueUseCase(storage).execute({ memberId: 'alice' });
    expect(alice.ok && bookmarkedIds(alice.value)).toContain(9);
  });

  it('flips back when toggled twice', () => {
    const storage = new InMemoryStorage();
    const toggle = new ToggleBookmarkUseCase(storage);
    toggle.execute({ memberId: 'm-1', id: 12 });
    const result = toggle.execute({ memberId: 'm-1', id: 12 });
    expect(result.ok && bookmarkedIds(result.value)).toEqual(sampleBookmarks);
  });

  it('refuses an id that is not in the catalogue (24) and stores nothing', () => {
    const storage = new InMemoryStorage();
    const result = new ToggleBookmarkUseCase(storage).execute({ memberId: 'm-1', id: 24 });
    expect(result).toEqual({ ok: false, error: { key: 'catalogue.unknownItem' } });
    expect(storage.items.size).toBe(0);
  });
});
