import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportSeries } from '../../../domain/use-cases/reports.use-case';

/** How each line looks: a colour and a dash, so the lines differ without colour too. */
export interface ChartLine {
  label: string;
  stroke: string;
  dash: number[];
}

export interface ChartLook {
  lines: ChartLine[];
  /** Axis text and grid, from the page's theme. */
  text: string;
  grid: string;
  width: number;
  height: number;
}

/**
 * Draws the daily summary's amounts (ringgit) with uPlot into `into`, days on Malaysia time;
 * answers how to resize and remove it. This module (and uPlot with it) is only ever imported
 * dynamically, by the reports page.
 */
export function drawChart(into: HTMLElement, series: ReportSeries, look: ChartLook) {
  const axis = {
    stroke: look.text,
    grid: { stroke: look.grid, width: 1 },
    ticks: { stroke: look.grid },
  };
  const chart = new uPlot(
    {
      width: look.width,
      height: look.height,
      legend: { show: false },
      cursor: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Kuala_Lumpur'),
      scales: { x: { time: true } },
      axes: [axis, { ...axis, size: 70, values: (_u, splits) => splits.map((v) => `RM ${v}`) }],
      series: [
        {},
        ...look.lines.map((line) => ({
          label: line.label,
          stroke: line.stroke,
          dash: line.dash,
          width: 2,
          points: { show: true, size: 5 },
        })),
      ],
    },
    series,
    into,
  );
  return {
    resize: (width: number) => chart.setSize({ width, height: look.height }),
    destroy: () => chart.destroy(),
  };
}
