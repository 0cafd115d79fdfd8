import { inject, injectable } from 'inversify';
import type { RefundListResponse } from '../../../../../src/contract/ops-payments-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import {
  WAITING_REFUND_STATUSES,
  type RefundsUseCase,
} from '../../../domain/use-cases/refunds.use-case';
import { failureText } from '../../shared/failure-text';
import { REFUNDS } from '../../shared/tokens';

export type WaitingStatus = (typeof WAITING_REFUND_STATUSES)[number];
type QueueItem = RefundListResponse['items'][number];

/**
 * The refunds waiting for someone (a decision, a send, a bank transfer), newest first a page at
 * a time, all of them or one status; each links to its payment, where it is acted on.
 */
@injectable()
export class RefundsQueueViewModel {
  status: WaitingStatus | '' = '';
  items: QueueItem[] = [];
  nextCursor: string | null = null;
  loaded = false;
  loading = false;
  failure: string | null = null;

  constructor(@inject(REFUNDS) private readonly refunds: RefundsUseCase) {
    observeExcept(this, ['refunds']);
  }

  setStatus(value: string): void {
    this.status = WAITING_REFUND_STATUSES.find((s) => s === value) ?? '';
  }

  async load(): Promise<void> {
    if (this.loading) return;
    this.begin();
    const answer = await this.refunds.queue(this.status || undefined);
    if (answer.ok) this.show(answer.value, false);
    else this.fail(failureText(answer.error));
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.nextCursor === null) return;
    this.begin();
    const answer = await this.refunds.queue(this.status || undefined, this.nextCursor);
    if (answer.ok) this.show(answer.value, true);
    else this.fail(failureText(answer.error));
  }

  private begin(): void {
    this.loading = true;
    this.failure = null;
  }

  private show(page: RefundListResponse, append: boolean): void {
    this.items = append ? [...this.items, ...page.items] : page.items;
    this.nextCursor = page.next_cursor;
    this.loaded = true;
    this.loading = false;
  }

  private fail(failure: string): void {
    this.loading = false;
    this.failure = failure;
  }
}
