import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../../../../../src/ui-kit/di';
import { REPORT_SERIES, type ReportSeries } from '../../../domain/use-cases/reports.use-case';
import { ThemeViewModel } from '../../../../../src/ui-kit/theme.view-model';

/** Each series' colour (readable on both themes) and dash. */
const LOOK: Record<(typeof REPORT_SERIES)[number], { stroke: string; dash: number[] }> = {
  completed: { stroke: '#2e9e5b', dash: [] },
  failed: { stroke: '#d64545', dash: [8, 4] },
  pending: { stroke: '#c98a00', dash: [2, 4] },
  refunded: { stroke: '#3b7dd8', dash: [12, 4, 2, 4] },
};
const HEIGHT = 280;

/**
 * The daily amounts as a line chart, drawn by uPlot once its module has loaded (a dynamic
 * import: no other page downloads it). The chart is a picture of the table beside it, which
 * carries the same figures for everyone; the legend is text, each line's dash drawn beside it.
 */
export const ReportsChart = observer(function ReportsChart({ series }: { series: ReportSeries }) {
  const { t } = useTranslation();
  const theme = useService(ThemeViewModel);
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const mode = theme.mode;

  useEffect(() => {
    const node = box.current;
    if (node === null) return;
    let drawn: { resize: (width: number) => void; destroy: () => void } | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => drawn?.resize(node.clientWidth));
    void import('./uplot-chart')
      .then(({ drawChart }) => {
        if (gone) return;
        const style = getComputedStyle(node);
        drawn = drawChart(node, series, {
          lines: REPORT_SERIES.map((kind) => ({
            label: t(`reports.series.${kind}`),
            ...LOOK[kind],
          })),
          text: style.color,
          grid: style.getPropertyValue('--card-border').trim() || 'rgba(128,128,128,0.3)',
          width: node.clientWidth,
          height: HEIGHT,
        });
        observer.observe(node);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer.disconnect();
      drawn?.destroy();
    };
  }, [series, mode, t]);

  return (
    <figure className="console-chart" aria-labelledby="reports-chart-caption">
      <figcaption id="reports-chart-caption">{t('reports.chartCaption')}</figcaption>
      <ul className="console-legend">
        {REPORT_SERIES.map((kind) => (
          <li key={kind}>
            <svg aria-hidden="true" focusable="false" width="32" height="10">
              <line
                x1="0"
                y1="5"
                x2="32"
                y2="5"
                stroke={LOOK[kind].stroke}
                strokeWidth="3"
                strokeDasharray={LOOK[kind].dash.join(' ') || undefined}
              />
            </svg>{' '}
            {t(`reports.series.${kind}`)}
          </li>
        ))}
      </ul>
      <div ref={box} className="console-chart-canvas" aria-hidden="true" />
      {failed && <p className="console-failure">{t('reports.chartFailed')}</p>}
    </figure>
  );
});
