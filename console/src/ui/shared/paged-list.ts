import { runInAction } from 'mobx';
import { observeExcept } from '../../../../src/ui-kit/observe-except';
import type { OpsFailure, OpsResult } from '../../domain/ports/ops-http.port';
import { failureText } from './failure-text';

/** One page of a keyset-paged list: its rows and the cursor of the next page (null on the last). */
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A list read a page at a time, newest first: the rows so far and the query they answer. "Load
 * more" follows the keyset cursor on that same query (not on a form edited since) and appends.
 */
export class PagedList<Q, T> {
  items: T[] = [];
  nextCursor: string | null = null;
  /** The query the shown rows answer (null before the first answer). */
  shown: Q | null = null;
  status: 'idle' | 'loading' | 'loadingMore' = 'idle';
  failure: string | null = null;
  /** How many rows there were before the last "Load more" (the view focuses the first new one). */
  firstNew: number | null = null;

  constructor(private readonly read: (query: Q, cursor?: string) => Promise<OpsResult<Page<T>>>) {
    observeExcept(this, ['read']);
  }

  get loading(): boolean {
    return this.status !== 'idle';
  }

  /**
   * The first page for the query, in place of the rows shown. A refusal is shown as its text,
   * unless `claim` takes it (a form that marks the field at fault answers true).
   */
  async load(query: Q, claim?: (failure: OpsFailure) => boolean): Promise<void> {
    if (this.loading) return;
    this.begin('loading');
    const answer = await this.read(query);
    runInAction(() => {
      if (answer.ok) this.show(query, answer.value, false);
      else this.fail(claim?.(answer.error) ? null : failureText(answer.error));
    });
  }

  async loadMore(): Promise<void> {
    const shown = this.shown;
    if (this.loading || this.nextCursor === null || shown === null) return;
    this.begin('loadingMore');
    const answer = await this.read(shown, this.nextCursor);
    runInAction(() => {
      if (answer.ok) this.show(shown, answer.value, true);
      else this.fail(failureText(answer.error));
    });
  }

  private begin(status: 'loading' | 'loadingMore'): void {
    this.status = status;
    this.failure = null;
  }

  private show(query: Q, page: Page<T>, append: boolean): void {
    this.firstNew = append ? this.items.length : null;
    this.items = append ? [...this.items, ...page.items] : page.items;
    this.nextCursor = page.next_cursor;
    this.shown = query;
    this.status = 'idle';
  }

  private fail(failure: string | null): void {
    this.status = 'idle';
    this.failure = failure;
  }
}
