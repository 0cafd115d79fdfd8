import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { PaymentSummaryDto } from '../../../../../src/contract/ops-payments-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { OpsFailure } from '../../../domain/ports/ops-http.port';
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
import { PagedList } from '../../shared/paged-list';
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
  /** The payments the searched filters found (`shown` is those filters). */
  readonly results: PagedList<PaymentFilterValues, PaymentSummaryDto>;
  /** Why the last export did not download, as an i18n key; null when it did. */
  exportFailure: string | null = null;

  constructor(
    @inject(PAYMENTS) private readonly payments: PaymentsUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
    @inject(API_BASE) private readonly apiBase: string,
  ) {
    this.results = new PagedList((filters, cursor) => payments.search(filters, cursor));
    observeExcept(this, ['results', 'session', 'apiBase', 'payments']);
  }

  /** The rows so far, the next page's cursor, the first new row and the failure, from `results`. */
  get items(): PaymentSummaryDto[] {
    return this.results.items;
  }

  get nextCursor(): string | null {
    return this.results.nextCursor;
  }

  get firstNew(): number | null {
    return this.results.firstNew;
  }

  /** What the list is doing, as `results` has it. */
  get status(): PagedList<PaymentFilterValues, PaymentSummaryDto>['status'] {
    return this.results.status;
  }

  get failure(): string | null {
    return this.results.failure;
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
    const shown = this.results.shown;
    if (!this.session.can('reports.read') || shown === null) return null;
    return paymentsExportHref(this.apiBase, shown);
  }

  /** The export, fetched with the CSRF header (a plain link cannot send it) and saved. */
  async download(): Promise<void> {
    const href = this.exportHref;
    if (href === null) return;
    const answer = await this.payments.download(href);
    runInAction(() => (this.exportFailure = answer.ok ? null : failureText(answer.error)));
  }

  clear(): void {
    this.filters = { ...EMPTY_PAYMENT_FILTERS };
    this.errors = {};
  }

  /** The first page of the payments the filters find, once the filters are valid. */
  async load(): Promise<void> {
    if (this.results.loading) return;
    this.errors = paymentFilterErrors(this.filters);
    if (this.firstError !== null) return;
    await this.results.load({ ...this.filters }, (failure) => this.markField(failure));
  }

  loadMore(): Promise<void> {
    return this.results.loadMore();
  }

  /** A refusal that names a filter marks that field (and is not shown as a failure). */
  private markField(failure: OpsFailure): boolean {
    const named = PAYMENT_FILTERS.find((field) => field === failure.field);
    if (named !== undefined) this.errors = { [named]: 'errors.filterInvalid' };
    return named !== undefined;
  }
}
