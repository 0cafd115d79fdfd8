import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM, DIST, LIGHTHOUSE_CLI, type Row, TARGETS, verdict } from './settings';

interface LighthouseReport {
  categories: Record<'performance' | 'seo', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Lighthouse's CLI with its default (mobile) settings on each page, `runs` times; the median
 * score of each category is printed (Lighthouse's own advice, as one run varies by a few points).
 */
export async function lighthouseScores(port: number, runs: number, rows: Row[]): Promise<void> {
  if (runs <= 0) return;
  const cli = LIGHTHOUSE_CLI;
  if (!existsSync(cli) || !existsSync(CHROMIUM) || !existsSync(path.join(DIST, 'index.html'))) {
    rows.push({
      name: 'Lighthouse performance / SEO',
      cells: { pglite: `not measured: needs npm ci, ${CHROMIUM} and npm run build` },
      target: '',
    });
    return;
  }
  const run = promisify(execFile);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  for (const page of ['/login', '/sign-up']) {
    const performanceScores: number[] = [];
    const seoScores: number[] = [];
    const lcps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const { stdout } = await run(
        process.execPath,
        [
          cli,
          `http://127.0.0.1:${port}${page}`,
          '--only-categories=performance,seo',
          '--output=json',
          '--output-path=stdout',
          '--quiet',
          '--chrome-flags=--headless=new --no-sandbox',
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(stdout) as LighthouseReport;
      performanceScores.push(Math.round((report.categories.performance.score ?? 0) * 100));
      seoScores.push(Math.round((report.categories.seo.score ?? 0) * 100));
      lcps.push(report.audits['largest-contentful-paint']?.numericValue ?? NaN);
    }
    const performanceScore = median(performanceScores);
    const lcp = median(lcps);
    const seo = median(seoScores);
    rows.push({
      name: `Lighthouse performance, ${page} (LCP)`,
      cells: {
        pglite: `${performanceScore} [${performanceScores.join(', ')}] (LCP ${(lcp / 1000).toFixed(1)} s) ${verdict(performanceScore >= TARGETS.lighthousePerformance && lcp < TARGETS.lcpMs)}`,
      },
      target: `≥ ${TARGETS.lighthousePerformance} (LCP < ${TARGETS.lcpMs / 1000} s), mobile preset`,
    });
    rows.push({
      name: `Lighthouse SEO, ${page}`,
      cells: {
        pglite: `${seo} [${seoScores.join(', ')}] ${verdict(seo >= TARGETS.lighthouseSeo)}`,
      },
      target: `≥ ${TARGETS.lighthouseSeo}`,
    });
  }
}
