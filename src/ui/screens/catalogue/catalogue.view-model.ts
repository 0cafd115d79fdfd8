import { inject, injectable } from 'inversify';
import type { CatalogueItem } from '../../../domain/model/catalogue-item';
import type { ListCatalogueUseCase } from '../../../domain/use-cases/list-catalogue.use-case';
import type { ToggleBookmarkUseCase } from '../../../domain/use-cases/toggle-bookmark.use-case';
import { Screen } from '../../shared/screen';
import { LIST_CATALOGUE_USE_CASE, TOGGLE_BOOKMARK_USE_CASE } from '../../shared/tokens';
import { observeExcept } from '../../../ui-kit/observe-except';

/** Which part of the catalogue a route shows. */
export type CatalogueView = 'home' | 'movies' | 'tvSeries' | 'bookmarks';

/**
 * The catalogue as the home page and the /movies, /tv-series and /bookmarks views show it: the
 * member's own bookmarks, and the bookmark toggle (ToggleBookmarkUseCase keeps them per member).
 */
@injectable()
export class CatalogueViewModel {
  items: CatalogueItem[] = [];

  constructor(
    @inject(LIST_CATALOGUE_USE_CASE) private readonly list: ListCatalogueUseCase,
    @inject(TOGGLE_BOOKMARK_USE_CASE) private readonly toggleBookmark: ToggleBookmarkUseCase,
    @inject(Screen) private readonly screen: Pick<Screen, 'session' | 'notifier'>,
  ) {
    observeExcept(this, ['list', 'toggleBookmark', 'screen']);
  }

  private get memberId(): string {
    return this.screen.session.user?.userId ?? '';
  }

  /** The five trending items, shown first on the home page. */
  get trending(): CatalogueItem[] {
    return this.items.filter((item) => item.isTrending);
  }

  /** Everything else, after the trending items. */
  get rest(): CatalogueItem[] {
    return this.items.filter((item) => !item.isTrending);
  }

  /** The items of one filtered view (the home page shows trending and rest instead). */
  itemsOf(view: Exclude<CatalogueView, 'home'>): CatalogueItem[] {
    if (view === 'movies') return this.items.filter((item) => item.category === 'Movie');
    if (view === 'tvSeries') return this.items.filter((item) => item.category === 'TV Series');
    return this.items.filter((item) => item.isBookmarked);
  }

  load(): void {
    const listed = this.list.execute({ memberId: this.memberId });
    if (listed.ok) this.items = listed.value;
  }

  toggle(id: number): void {
    const result = this.toggleBookmark.execute({ memberId: this.memberId, id });
    if (result.ok) this.items = result.value;
    else this.screen.notifier.error({ key: result.error.key });
  }

  dispose(): void {
    // Nothing scheduled.
  }
}
