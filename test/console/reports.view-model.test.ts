import {
  defaultReportRange,
  reportRangeErrors,
  reportSeriesOf,
} from '../../console/src/domain/use-cases/reports.use-case';
import { ReportsViewModel } from '../../console/src/ui/screens/reports/reports.view-model';
import type { ReportDayDto, ReportSummaryResponse } from '../../src/contract/ops-payments-api';
import { signedInAs } from './console-container.support';
import { answer } from './fake-ops-http';

const day = (date: string, completed: string, refunded = '0.00'): ReportDayDto => ({
  day: date,
  completed: { count: 2, amount: completed },
  failed: { count: 1, amount: '10.00' },
  pending: { count: 0, amount: '0.00' },
  refunded: { count: refunded === '0.00' ? 0 : 1, amount: refunded },
  success_rate: 2 / 3,
});

const summary = (days: ReportDayDto[]): ReportSummaryResponse => ({
  days,
  totals: { ...day('x', '0.00'), success_rate: null },
});

describe('the reports page', () => {
  it('starts on the last 30 Malaysia days, today included', () => {
    // 2026-03-31T16:30Z is already 1 April in Malaysia.
    expect(defaultReportRange(Date.UTC(2026, 2, 31, 16, 30))).toEqual({
      from: '2026-03-03',
      to: '2026-04-01',
    });
    expect(defaultReportRange(Date.UTC(2026, 2, 31, 15, 59))).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it.each([
    [{ from: '', to: '2026-01-01' }, { from: 'errors.dateRequired' }],
    [{ from: '2026-01-32', to: '2026-02-01' }, { from: 'errors.dateFormat' }],
    [{ from: '2026-02-01', to: '2026-01-31' }, { to: 'errors.rangeReversed' }],
    [{ from: '2024-01-01', to: '2025-01-01' }, {}],
    [{ from: '2024-01-01', to: '2025-01-02' }, { to: 'errors.rangeTooLong' }],
  ])('checks the range %j', (range, errors) => {
    expect(reportRangeErrors(range)).toEqual(errors);
  });

  it('draws each day at Malaysia midnight, amounts in ringgit', () => {
    const series = reportSeriesOf([
      day('2026-01-01', '150.50'),
      day('2026-01-02', '0.00', '30.00'),
    ]);
    expect(series).toEqual([
      [Date.UTC(2025, 11, 31, 16) / 1000, Date.UTC(2026, 0, 1, 16) / 1000],
      [150.5, 0],
      [10, 10],
      [0, 0],
      [0, 30],
    ]);
  });

  it('asks for the chosen range and keeps the same figures for the chart and the table', async () => {
    const { http, container } = await signedInAs('finance');
    const answered = summary([day('2025-12-31', '99.99')]);
    http.on('reportSummary', answer(answered));
    const vm = container.get(ReportsViewModel);
    expect(vm.range).toEqual({ from: '2025-12-03', to: '2026-01-01' });
    vm.setRange('from', '2025-12-31');
    vm.setRange('to', '2025-12-31');
    await vm.load();
    expect(http.callsTo('reportSummary')[0].request).toEqual({
      from: '2025-12-31',
      to: '2025-12-31',
    });
    expect(vm.summary).toEqual(answered);
    expect(vm.series?.[1]).toEqual([99.99]);
  });

  it('refuses a reversed range before any call', async () => {
    const { http, container } = await signedInAs('admin');
    const vm = container.get(ReportsViewModel);
    vm.setRange('to', '2025-01-01');
    await vm.load();
    expect(vm.firstError).toBe('to');
    expect(http.callsTo('reportSummary')).toHaveLength(0);
  });
});
