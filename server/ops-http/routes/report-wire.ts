import { formatSen } from '../../../src/contract/money';
import {
  type ReportDayDto,
  type ReportSummaryResponse,
} from '../../../src/contract/ops-payments-api';
import { type Figures, type ReportDay } from '../../ports/payment-reports.port';
import { type ReportSummary } from '../../use-cases/ops/payment-reports.use-case';

/** The reports as the console reads them: the summary's JSON. */

const figures = (value: Figures) => ({ count: value.count, amount: formatSen(value.amountSen) });

function dayFigures(day: Omit<ReportDay, 'day'>): Omit<ReportDayDto, 'day'> {
  const decided = day.completed.count + day.failed.count;
  return {
    completed: figures(day.completed),
    failed: figures(day.failed),
    pending: figures(day.pending),
    refunded: figures(day.refunded),
    success_rate: decided === 0 ? null : day.completed.count / decided,
  };
}

export const summaryResponse = (summary: ReportSummary): ReportSummaryResponse => ({
  days: summary.days.map((day) => ({ day: day.day, ...dayFigures(day) })),
  totals: dayFigures(summary.totals),
});
