import { inject, injectable } from 'inversify';
import type { PaymentSummaryDto } from '../../../../../src/contract/ops-payments-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import {
  EMPTY_PAYMENT_FILTERS,
  PAYMENT_FILTERS,
  paymentFilterErrors,
  paymentsExportHref,
  type PaymentFilterErrors,
  type PaymentFilterField,
  type PaymentFilterValues,
  type PaymentsUseCase,
} from '../../../domain/use-cases/payments.use-case';
import { failureText } from '../../shared/failure-text';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { API_BASE, PAYMENTS } from '../../shared/tokens';

/**
 * The payments search: every filter combined (reference, member, status, gateway, dates, amounts),
 * newest first a page at a time ("Load more" follows the keyset cursor), members masked; for
 * those who read reports, the CSV of every payment the shown search finds.
 */
@injectable()
export class PaymentSearchViewModel {
  filters: PaymentFilterValues = { ...EMPTY_PAYMENT_FILTERS };
  errors: PaymentFilterErrors = {};
  items: PaymentSummaryDto[] = [];
  nextCursor: string | null = null;
  /** The filters the shown results answer (null before the first search). */
  shown: PaymentFilterValues | null = null;
  loading = false;
  failure: string | null = null;
  /** How many rows there were before the last "Load more" (the view focuses the first new one). */
  firstNew: number | null = null;

  constructor(
    @inject(PAYMENTS) private readonly payments: PaymentsUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
    @inject(API_BASE) private readonly apiBase: string,
  ) {
    observeExcept(this, ['payments', 'session', 'apiBase']);
  }

  setFilter(field: PaymentFilterField, value: string): void {
    this.filters = { ...this.filters, [field]: value };
    if (this.errors[field]) this.errors = paymentFilterErrors(this.filters);
  }

  /** The first field at fault, for the view to focus after a refused search. */
  get firstError(): PaymentFilterField | null {
    return PAYMENT_FILTERS.find((field) => this.errors[field]) ?? null;
  }

  /** The export of the shown search, for finance and admin only. */
  get exportHref(): string | null {
    if (!this.session.can('reports.read') || this.shown === null) return null;
    return paymentsExportHref(this.apiBase, this.shown);
  }

  clear(): void {
    this.filters = { ...EMPTY_PAYMENT_FILTERS };
    this.errors = {};
  }

  async search(): Promise<void> {
    if (this.loading) return;
    this.errors = paymentFilterErrors(this.filters);
    if (this.firstError !== null) return;
    const filters = { ...this.filters };
    this.begin();
    const answer = await this.payments.search(filters);
    if (answer.ok) this.show(filters, answer.value.items, answer.value.next_cursor, false);
    else this.fail(failureText(answer.error), answer.error.field);
  }

  async loadMore(): Promise<void> {
    const shown = this.shown;
    if (this.loading || this.nextCursor === null || shown === null) return;
    this.begin();
    const answer = await this.payments.search(shown, this.nextCursor);
    if (answer.ok) this.show(shown, answer.value.items, answer.value.next_cursor, true);
    else this.fail(failureText(answer.error));
  }

  private begin(): void {
    this.loading = true;
    this.failure = null;
  }

  private show(
    filters: PaymentFilterValues,
    items: PaymentSummaryDto[],
    nextCursor: string | null,
    append: boolean,
  ): void {
    this.firstNew = append ? this.items.length : null;
    this.items = append ? [...this.items, ...items] : items;
    this.nextCursor = nextCursor;
    this.shown = filters;
    this.loading = false;
  }

  private fail(failure: string, field?: string): void {
    this.loading = false;
    const named = PAYMENT_FILTERS.find((f) => f === field);
    if (named !== undefined) this.errors = { [named]: 'errors.filterInvalid' };
    else this.failure = failure;
  }
}
