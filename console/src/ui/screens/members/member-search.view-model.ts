import { inject, injectable } from 'inversify';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { MemberSummary } from '../../../domain/model/member';
import type { OpsFailure } from '../../../domain/ports/ops-http.port';
import type { MemberSupportUseCase } from '../../../domain/use-cases/member-support.use-case';
import { PagedList } from '../../shared/paged-list';
import { MEMBER_SUPPORT } from '../../shared/tokens';

/**
 * Member search: a phone, IC or passport (exact) or the start of a name; results masked, a
 * page at a time ("Load more" follows the keyset cursor). A role that may not reveal is refused
 * a name under 3 characters (shown on the field) and past its hourly name searches.
 */
@injectable()
export class MemberSearchViewModel {
  query = '';
  queryError: string | null = null;
  /** The members the searched query found (`shown` is that query). */
  readonly results: PagedList<string, MemberSummary>;

  constructor(@inject(MEMBER_SUPPORT) members: MemberSupportUseCase) {
    this.results = new PagedList((q, cursor) => members.search(q, cursor));
    observeExcept(this, ['results']);
  }

  /** The rows so far, the next page's cursor and the first new row, as `results` has them. */
  get items(): MemberSummary[] {
    return this.results.items;
  }

  get nextCursor(): string | null {
    return this.results.nextCursor;
  }

  get firstNew(): number | null {
    return this.results.firstNew;
  }

  /** What the list is doing, as `results` has it. */
  get status(): PagedList<string, MemberSummary>['status'] {
    return this.results.status;
  }

  setQuery(value: string): void {
    this.query = value;
  }

  /** The first page of the members the query finds (a query is required). */
  async load(): Promise<void> {
    if (this.results.loading) return;
    const q = this.query.trim();
    this.queryError = q === '' ? 'members.queryRequired' : null;
    if (this.queryError === null) await this.results.load(q, (failure) => this.claim(failure));
  }

  /** A name too short for this operator's role marks the field instead of the list. */
  private claim(failure: OpsFailure): boolean {
    if (failure.code !== 'OPS_SEARCH_TOO_SHORT') return false;
    this.queryError = 'members.nameTooShort';
    return true;
  }

  loadMore(): Promise<void> {
    return this.results.loadMore();
  }
}
