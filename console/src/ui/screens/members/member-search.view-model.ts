import { inject, injectable } from 'inversify';
import type { MemberSummaryDto } from '../../../../../src/contract/ops-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { MemberSupportUseCase } from '../../../domain/use-cases/member-support.use-case';
import { failureText } from '../../shared/failure-text';
import { MEMBER_SUPPORT } from '../../shared/tokens';

/**
 * Member search: a phone, IC or passport (exact) or the start of a name; results masked, a
 * page at a time ("Load more" follows the keyset cursor).
 */
@injectable()
export class MemberSearchViewModel {
  query = '';
  queryError: string | null = null;
  items: MemberSummaryDto[] = [];
  nextCursor: string | null = null;
  /** The query the shown results answer (null before the first search). */
  searched: string | null = null;
  loading = false;
  failure: string | null = null;
  /** How many rows were there before the last "Load more" (the view focuses the first new one). */
  firstNew: number | null = null;

  constructor(@inject(MEMBER_SUPPORT) private readonly members: MemberSupportUseCase) {
    observeExcept(this, ['members']);
  }

  setQuery(value: string): void {
    this.query = value;
  }

  async search(): Promise<void> {
    if (this.loading) return;
    const q = this.query.trim();
    this.queryError = q === '' ? 'members.queryRequired' : null;
    if (this.queryError) return;
    this.begin();
    const answer = await this.members.search(q);
    if (answer.ok) this.show(q, answer.value.items, answer.value.next_cursor, false);
    else this.fail(failureText(answer.error));
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.nextCursor === null || this.searched === null) return;
    this.begin();
    const answer = await this.members.search(this.searched, this.nextCursor);
    if (answer.ok) this.show(this.searched, answer.value.items, answer.value.next_cursor, true);
    else this.fail(failureText(answer.error));
  }

  private begin(): void {
    this.loading = true;
    this.failure = null;
  }

  private show(
    q: string,
    items: MemberSummaryDto[],
    nextCursor: string | null,
    append: boolean,
  ): void {
    this.firstNew = append ? this.items.length : null;
    this.items = append ? [...this.items, ...items] : items;
    this.nextCursor = nextCursor;
    this.searched = q;
    this.loading = false;
  }

  private fail(failure: string): void {
    this.loading = false;
    this.failure = failure;
  }
}
