import {
  type PaymentSearchQuery,
  type ReportSummaryQuery,
} from '../../../src/contract/ops-payments-api';
import { maskIcOrPassport, maskPhone } from '../../domain/ops/masking';
import { malaysiaDay, malaysiaDayStart, parsePaymentFilter } from '../../domain/ops/payment-filter';
import { type Clock } from '../../ports/clock.port';
import {
  type Figures,
  type PaymentReports,
  type ReportDay,
} from '../../ports/payment-reports.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import {
  type ConsoleFailureReason,
  invalidField,
  ok,
  type Result,
  type UseCaseError,
} from '../result';
import { type Actor, entryOf } from './actor';
import { CsvRecordCounter, csvOfRows, EXPORT_CSV_HEAD } from './payment-export-csv';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest summary: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;
/** Rows read from the database at a time by the export. */
export const EXPORT_BATCH = 1000;

/** The export's refusal of each search field (in the same words for every one). */
const EXPORT_FIELD_REASONS = {
  ref: 'export-filter-ref',
  member: 'export-filter-member',
  status: 'export-filter-status',
  gateway: 'export-filter-gateway',
  from: 'export-filter-from',
  to: 'export-filter-to',
  min_amount: 'export-filter-min-amount',
  max_amount: 'export-filter-max-amount',
  cursor: 'export-filter-cursor',
} as const satisfies Record<keyof PaymentSearchQuery, ConsoleFailureReason>;

/** The summary of a range of days: each day's figures, and the range's totals. */
export interface ReportSummary {
  days: ReportDay[];
  totals: Omit<ReportDay, 'day'>;
}

export interface PaymentExport {
  /** `payments-<Malaysia day>.csv`. */
  filename: string;
  /**
   * The CSV (payment-export-csv.ts), read from the database as it is taken. When the reading ends
   * (all taken, or stopped early by `return()`, as a cut connection does) the export is audited
   * with its filters and the number of records taken, and only then does the generator finish.
   */
  body: AsyncGenerator<string | Uint8Array>;
}

const sum = (days: ReportDay[], kind: Exclude<keyof ReportDay, 'day'>): Figures =>
  days.reduce(
    (total, day) => ({
      count: total.count + day[kind].count,
      amountSen: total.amountSen + day[kind].amountSen,
    }),
    { count: 0, amountSen: 0 },
  );

/** The search's query as the audit keeps it: a member's phone or IC/passport masked. */
function auditedFilters(query: PaymentSearchQuery): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(query)) {
    if (field === 'cursor' || typeof value !== 'string' || value.trim() === '') continue;
    kept[field] = field === 'member' ? maskMember(value.trim()) : value;
  }
  return kept;
}

const maskMember = (text: string) =>
  /^\+?[\d\s-]{8,}$/.test(text) ? maskPhone(text.replace(/\D/g, '')) : maskIcOrPassport(text);

/**
 * The console's reports: the summary of a range of Malaysia days (zeros on days with nothing,
 * the success rate completed / (completed + failed)), and the CSV export of every payment a
 * search finds, audited (`payments.export`) with its filters and row count once it ends.
 */
export class PaymentReportsUseCase {
  constructor(
    private readonly reports: PaymentReports,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async summary(query: ReportSummaryQuery): Promise<Result<ReportSummary, UseCaseError>> {
    const from = malaysiaDayStart(query.from ?? '');
    if (from === null) return invalidField('from', 'report-from-day');
    const to = malaysiaDayStart(query.to ?? '');
    if (to === null) return invalidField('to', 'report-to-day');
    const count = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
    if (count < 1) return invalidField('to', 'report-range-order');
    if (count > MAX_REPORT_DAYS) return invalidField('to', 'report-range-too-long');
    const until = new Date(to.getTime() + DAY_MS);
    const found = new Map(
      (await this.reports.summary({ from, until })).map((day) => [day.day, day]),
    );
    const days: ReportDay[] = [];
    for (let i = 0; i < count; i += 1) {
      const day = malaysiaDay(new Date(from.getTime() + i * DAY_MS));
      days.push(found.get(day) ?? emptyDay(day));
    }
    const totals = {
      completed: sum(days, 'completed'),
      failed: sum(days, 'failed'),
      pending: sum(days, 'pending'),
      refunded: sum(days, 'refunded'),
    };
    return ok({ days, totals });
  }

  /** The export of a search (its `cursor`, a page's place, is ignored: every row goes out). */
  exportCsv(actor: Actor, query: PaymentSearchQuery): Result<PaymentExport, UseCaseError> {
    const parsed = parsePaymentFilter(query);
    if (!parsed.ok) {
      const { field } = parsed.error;
      return invalidField(field, EXPORT_FIELD_REASONS[field]);
    }
    const today = malaysiaDay(new Date(this.clock.now()));
    // PostgreSQL writes the CSV itself (COPY), so no row becomes a JavaScript object on the way.
    const records =
      this.reports.exportCsv(parsed.value) ??
      csvOfRows(this.reports.exportRows(parsed.value, EXPORT_BATCH));
    return ok({ filename: `payments-${today}.csv`, body: this.body(actor, query, records) });
  }

  private async *body(
    actor: Actor,
    query: PaymentSearchQuery,
    records: AsyncGenerator<string | Uint8Array>,
  ): AsyncGenerator<string | Uint8Array> {
    const counter = new CsvRecordCounter();
    let rows = 0;
    let complete = false;
    try {
      yield EXPORT_CSV_HEAD;
      for await (const chunk of records) {
        // Counted as handed out: records taken just before the reader stopped count as sent.
        rows += counter.count(chunk);
        yield chunk;
      }
      complete = true;
    } finally {
      // The database's read is ended (for await's return) before the entry is written.
      await records.return(undefined);
      await this.audit(actor, query, rows, complete);
    }
  }

  private async audit(
    actor: Actor,
    query: PaymentSearchQuery,
    rows: number,
    complete: boolean,
  ): Promise<void> {
    const at = new Date(this.clock.now());
    await this.uow.run(({ audit }) =>
      audit.append(
        entryOf(actor, at, {
          action: 'payments.export',
          targetType: 'payment',
          targetId: null,
          changes: {
            filters: { before: null, after: auditedFilters(query) },
            rows: { before: null, after: rows },
            complete: { before: null, after: complete },
          },
        }),
      ),
    );
  }
}

function emptyDay(day: string): ReportDay {
  const none = () => ({ count: 0, amountSen: 0 });
  return { day, completed: none(), failed: none(), pending: none(), refunded: none() };
}
