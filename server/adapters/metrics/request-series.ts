import { type Metric, type Registry } from 'prom-client';

/** One method, route pattern and status: its answers, their summed seconds, a count per bucket. */
interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Answers at or under each bound and over the one before (cumulated when scraped). */
  perBucket: number[];
}

/** The values a prom-client registry formats: `sharedLabels` follow a bucket's `le`. */
type Values = {
  metricName?: string;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
}[];
interface Exported {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; values: Values; aggregator: 'sum' }>;
}

/**
 * Answered requests counted and timed in plain numbers, looked up by the route pattern, method
 * and status (strings and a number the router and parser already hold, so no label set is built
 * or hashed per request, as prom-client's labelled calls do). A scrape formats them as a counter
 * and a histogram of the same names, labels and buckets prom-client's own would have.
 */
export class RequestSeries {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(private readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      const labels = { method, route, status: String(status) };
      series = { labels, count: 0, sum: 0, perBucket: this.bounds.map(() => 0) };
      byStatus.set(status, series);
    }
    series.count += 1;
    series.sum += seconds;
    for (let i = 0; i < this.bounds.length; i += 1) {
      if (seconds <= this.bounds[i]) {
        series.perBucket[i] += 1;
        break;
      }
    }
  }

  /** Registers the two metrics, `counter` and `histogram`, with their help lines. */
  register(
    registry: Registry,
    counter: { name: string; help: string },
    histogram: { name: string; help: string },
  ): void {
    const all = (): Series[] =>
      [...this.byRoute.values()].flatMap((byMethod) =>
        [...byMethod.values()].flatMap((byStatus) => [...byStatus.values()]),
      );
    this.export(registry, { ...counter, type: 'counter' }, () =>
      all().map((series) => ({ labels: series.labels, value: series.count })),
    );
    this.export(registry, { ...histogram, type: 'histogram' }, () =>
      all().flatMap((series) => this.histogramValues(histogram.name, series)),
    );
  }

  private histogramValues(name: string, series: Series): Values {
    let cumulated = 0;
    const sharedLabels = series.labels;
    const bucket = (le: number | string, value: number) => ({
      metricName: `${name}_bucket`,
      labels: { le },
      sharedLabels,
      value,
    });
    return [
      ...this.bounds.map((bound, i) => bucket(bound, (cumulated += series.perBucket[i]))),
      bucket('+Inf', series.count),
      { metricName: `${name}_sum`, labels: {}, sharedLabels, value: series.sum },
      { metricName: `${name}_count`, labels: {}, sharedLabels, value: series.count },
    ];
  }

  private export(
    registry: Registry,
    shape: { name: string; help: string; type: Exported['type'] },
    values: () => Values,
  ): void {
    const metric: Exported = {
      ...shape,
      aggregator: 'sum',
      get: async () => ({ ...shape, values: values(), aggregator: 'sum' }),
    };
    // The registry reads only these members of a metric (get, name, type, help, aggregator);
    // prom-client's Metric type also names the methods of its own classes, which it never calls.
    registry.registerMetric(metric as unknown as Metric);
  }
}
