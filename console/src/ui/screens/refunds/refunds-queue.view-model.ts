import { inject, injectable } from 'inversify';
import type { RefundListResponse } from '../../../../../src/contract/ops-payments-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import {
  WAITING_REFUND_STATUSES,
  type RefundsUseCase,
} from '../../../domain/use-cases/refunds.use-case';
import { PagedList } from '../../shared/paged-list';
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
  /** The refunds of the status shown ('' for every waiting one). */
  readonly results: PagedList<WaitingStatus | '', QueueItem>;

  constructor(@inject(REFUNDS) refunds: RefundsUseCase) {
    this.results = new PagedList((status, cursor) => refunds.queue(status || undefined, cursor));
    observeExcept(this, ['results']);
  }

  /** The refunds so far, as `results` has them. */
  get items(): QueueItem[] {
    return this.results.items;
  }

  setStatus(value: string): void {
    this.status = WAITING_REFUND_STATUSES.find((s) => s === value) ?? '';
  }

  load(): Promise<void> {
    return this.results.load(this.status);
  }

  loadMore(): Promise<void> {
    return this.results.loadMore();
  }
}
