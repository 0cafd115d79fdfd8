import { StorageKeys } from '../../src/domain/ports/storage.port';
import { ListCatalogueUseCase } from '../../src/domain/use-cases/list-catalogue.use-case';
import { ToggleBookmarkUseCase } from '../../src/domain/use-cases/toggle-bookmark.use-case';
import { CatalogueViewModel } from '../../src/ui/screens/catalogue/catalogue.view-model';
import { sessionOver } from '../builders/session';
import { aMember } from '../builders/session-user.builder';
import { FakeClock } from '../fakes/fake-clock';
import { FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { RecordingNotifier } from '../fakes/recording-notifier';

function setUp(storage = new InMemoryStorage({ [StorageKeys.token]: 'tok-1' }), userId = 'u-1') {
  const session = sessionOver(new FakeHttp(), storage, new FakeClock());
  session.loggedIn({ ...aMember().build(), userId }, 'tok-1');
  const notifier = new RecordingNotifier();
  const vm = new CatalogueViewModel(
    new ListCatalogueUseCase(storage),
    new ToggleBookmarkUseCase(storage),
    { session, notifier },
  );
  vm.load();
  return { vm, storage, notifier };
}

describe('CatalogueViewModel', () => {
  it('shows the five trending items first, then the other 24', () => {
    const { vm } = setUp();
    expect(vm.trending).toHaveLength(5);
    expect(vm.trending.every((item) => item.isTrending)).toBe(true);
    expect(vm.rest).toHaveLength(24);
  });

  it('filters movies, TV series and bookmarks', () => {
    const { vm } = setUp();
    expect(vm.itemsOf('movies').every((item) => item.category === 'Movie')).toBe(true);
    expect(vm.itemsOf('tvSeries').every((item) => item.category === 'TV Series')).toBe(true);
    expect(vm.itemsOf('movies').length + vm.itemsOf('tvSeries').length).toBe(29);
    expect(vm.itemsOf('bookmarks').every((item) => item.isBookmarked)).toBe(true);
  });

  it('a bookmark toggled here is under bookmarks, also for a fresh screen after a reload', () => {
    const { vm, storage } = setUp();
    vm.toggle(1);
    expect(vm.itemsOf('bookmarks').map((item) => item.id)).toContain(1);

    const reloaded = setUp(new InMemoryStorage(Object.fromEntries(storage.items))).vm;
    expect(reloaded.itemsOf('bookmarks').map((item) => item.id)).toContain(1);
  });

  it('another member on the same device has their own bookmarks', () => {
    const { vm, storage } = setUp();
    vm.toggle(1);
    const other = setUp(storage, 'u-2').vm;
    expect(other.itemsOf('bookmarks').map((item) => item.id)).not.toContain(1);
  });

  it('an unknown id changes nothing and says so', () => {
    const { vm, notifier } = setUp();
    const before = vm.items;
    vm.toggle(24);
    expect(vm.items).toBe(before);
    expect(notifier.last?.message).toEqual({ key: 'catalogue.unknownItem' });
  });
});
