import { decimalToSen } from '../../../../src/contract/money';
import type {
  ReportDayDto,
  ReportSummaryResponse,
} from '../../../../src/contract/ops-payments-api';
import { err } from '../../../../src/contract/result';
import { addDays, daysBetween, isDay, malaysiaDayOf } from '../malaysia-day';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import type { RuleKey } from '../rules';

/** How many days apart the range's ends may be, as the contract allows. */
export const REPORT_MAX_DAYS = 366;

export interface ReportRange {
  from: string;
  to: string;
}

/** The last 30 Malaysia days, today included. */
export function defaultReportRange(nowMs: number): ReportRange {
  const to = malaysiaDayOf(nowMs);
  return { from: addDays(to, -29), to };
}

export function reportRangeErrors(range: ReportRange): Partial<Record<keyof ReportRange, RuleKey>> {
  const errors: Partial<Record<keyof ReportRange, RuleKey>> = {};
  if (!isDay(range.from))
    errors.from = range.from === '' ? 'errors.dateRequired' : 'errors.dateFormat';
  if (!isDay(range.to)) errors.to = range.to === '' ? 'errors.dateRequired' : 'errors.dateFormat';
  if (errors.from || errors.to) return errors;
  const span = daysBetween(range.from, range.to);
  if (span < 0) errors.to = 'errors.rangeReversed';
  else if (span > REPORT_MAX_DAYS) errors.to = 'errors.rangeTooLong';
  return errors;
}

/** The chart's series, as uPlot reads them: days (Unix seconds, Malaysia midnight) and ringgit. */
export type ReportSeries = [number[], number[], number[], number[], number[]];
export const REPORT_SERIES = ['completed', 'failed', 'pending', 'refunded'] as const;

const ringgit = (amount: string) => (decimalToSen(amount) ?? 0) / 100;

export function reportSeriesOf(days: ReportDayDto[]): ReportSeries {
  const at = days.map((d) => Date.parse(`${d.day}T00:00:00+08:00`) / 1000);
  const [completed, failed, pending, refunded] = REPORT_SERIES.map((kind) =>
    days.map((d) => ringgit(d[kind].amount)),
  );
  return [at, completed, failed, pending, refunded];
}

/** The payments summary by Malaysia day over a range of days. */
export class ReportsUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  summary(range: ReportRange): Promise<OpsResult<ReportSummaryResponse>> {
    const errors = reportRangeErrors(range);
    const field = (['from', 'to'] as const).find((f) => errors[f]);
    if (field !== undefined) return Promise.resolve(err({ code: 'VALIDATION_FAILED', field }));
    return this.http.call('reportSummary', { from: range.from, to: range.to });
  }
}
