import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { ReportSummaryResponse } from '../../../../../src/contract/ops-payments-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { CLOCK_PORT, type Clock } from '../../../domain/ports/clock.port';
import {
  defaultReportRange,
  reportRangeErrors,
  reportSeriesOf,
  type ReportRange,
  type ReportSeries,
  type ReportsUseCase,
} from '../../../domain/use-cases/reports.use-case';
import { failureText } from '../../shared/failure-text';
import { REPORTS } from '../../shared/tokens';

/**
 * The reports page: a range of Malaysia days (the last 30 at first), the payments summary by
 * day as a chart and as a table with the same figures, and the range's totals.
 */
@injectable()
export class ReportsViewModel {
  range: ReportRange;
  errors: Partial<Record<keyof ReportRange, string | null>> = {};
  summary: ReportSummaryResponse | null = null;
  status: 'idle' | 'loading' = 'idle';
  failure: string | null = null;

  constructor(
    @inject(REPORTS) private readonly reports: ReportsUseCase,
    @inject(CLOCK_PORT) clock: Clock,
  ) {
    this.range = defaultReportRange(clock.now());
    observeExcept(this, ['reports']);
  }

  get loading(): boolean {
    return this.status !== 'idle';
  }

  setRange(field: keyof ReportRange, value: string): void {
    this.range = { ...this.range, [field]: value };
    if (this.errors[field]) this.errors = reportRangeErrors(this.range);
  }

  get firstError(): keyof ReportRange | null {
    return (['from', 'to'] as const).find((f) => this.errors[f]) ?? null;
  }

  /** The chart's data (null until a summary is shown). */
  get series(): ReportSeries | null {
    return this.summary === null ? null : reportSeriesOf(this.summary.days);
  }

  async load(): Promise<void> {
    if (this.loading) return;
    this.errors = reportRangeErrors(this.range);
    if (this.firstError !== null) return;
    this.status = 'loading';
    this.failure = null;
    const answer = await this.reports.summary(this.range);
    runInAction(() => {
      this.status = 'idle';
      this.summary = answer.ok ? answer.value : null;
      this.failure = answer.ok ? null : failureText(answer.error);
    });
  }
}
