import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDayDto } from '../../../../../src/contract/ops-payments-api';
import { useLoadedViewModel } from '../../../../../src/ui-kit/loaded-view-model';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { REPORT_SERIES } from '../../../domain/use-cases/reports.use-case';
import { formatDay, formatRinggit } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { ReportsChart } from './reports-chart';
import { ReportsViewModel } from './reports.view-model';

type Figures = Omit<ReportDayDto, 'day'>;

/** One row's cells: count and amount of each kind, then the success rate. */
function FigureCells({ figures, lng }: { figures: Figures; lng: string }) {
  const { t } = useTranslation();
  const rate =
    figures.success_rate === null
      ? '—'
      : new Intl.NumberFormat(lng === 'zn' ? 'zh-CN' : lng, {
          style: 'percent',
          maximumFractionDigits: 1,
        }).format(figures.success_rate);
  return (
    <>
      {REPORT_SERIES.map((kind) => (
        <td key={kind}>
          {t('reports.cell', {
            count: figures[kind].count,
            amount: formatRinggit(figures[kind].amount),
          })}
        </td>
      ))}
      <td>{rate}</td>
    </>
  );
}

/** The same figures as the chart, for everyone: a day a row, the totals at the foot. */
const ReportsTable = observer(function ReportsTable({ vm }: { vm: ReportsViewModel }) {
  const { t, i18n } = useTranslation();
  const summary = vm.summary;
  if (summary === null) return null;
  return (
    <div
      className="console-table-wrap"
      tabIndex={0}
      role="region"
      aria-labelledby="reports-table-caption"
    >
      <table className="console-table">
        <caption id="reports-table-caption">{t('reports.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.day')}</th>
            {REPORT_SERIES.map((kind) => (
              <th key={kind} scope="col">
                {t(`reports.series.${kind}`)}
              </th>
            ))}
            <th scope="col">{t('reports.successRate')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.days.map((day) => (
            <tr key={day.day} data-day={day.day}>
              <th scope="row">{formatDay(day.day, i18n.language)}</th>
              <FigureCells figures={day} lng={i18n.language} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('reports.totals')}</th>
            <FigureCells figures={summary.totals} lng={i18n.language} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
});

/** Reports: a range of days, the daily summary as a chart and as a table beside it. */
export const ReportsView = observer(function ReportsView() {
  const { t } = useTranslation();
  const vm = useLoadedViewModel(ReportsViewModel);
  const firstError = vm.firstError;
  useEffect(() => {
    if (firstError) document.getElementById(`field-${firstError}`)?.focus();
  }, [firstError, vm.errors]);
  const series = vm.series;
  return (
    <>
      <PageHeading>{t('reports.title')}</PageHeading>
      <form
        className="console-form console-form-row"
        aria-label={t('reports.range')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.load();
        }}
      >
        <TextField
          name="from"
          type="date"
          label={t('reports.from')}
          value={vm.range.from}
          onChange={(value) => vm.setRange('from', value)}
          error={vm.errors.from}
        />
        <TextField
          name="to"
          type="date"
          label={t('reports.to')}
          value={vm.range.to}
          onChange={(value) => vm.setRange('to', value)}
          error={vm.errors.to}
        />
        <SurfaceButton type="submit" tone="primary" disabled={vm.loading}>
          {t('reports.show')}
        </SurfaceButton>
      </form>
      <p role="status" className="console-status">
        {vm.loading ? t('common.loading') : ''}
      </p>
      {vm.failure && (
        <p className="console-failure" role="alert">
          {t(vm.failure)}
        </p>
      )}
      {series !== null && (
        <div className="console-report">
          <ReportsChart series={series} />
          <ReportsTable vm={vm} />
        </div>
      )}
    </>
  );
});
