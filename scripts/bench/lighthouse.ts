import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loggedInBrowser } from './logged-in-browser';
import { CHROMIUM, DIST, LIGHTHOUSE_CLI, ROOT, type Row, TARGETS, verdict } from './settings';

/** Pages a member sees only once logged in (RequireAuth): measured with a session set. */
const LOGGED_IN_PAGES = [
  '/',
  '/payment',
  '/member/profile',
  '/member/payments',
  '/member/security',
];

interface LighthouseReport {
  finalDisplayedUrl?: string;
  categories: Record<
    'performance' | 'seo',
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<string, { numericValue?: number; score?: number | null }>;
}

/** The SEO audits a report failed (weighted ones), and the path the page ended on. */
function seoFailuresAndPath(report: LighthouseReport): { failed: string[]; path: string } {
  const failed = (report.categories.seo.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const path = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : '?';
  return { failed, path };
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
  for (const page of ['/login', '/sign-up']) await scorePage(port, page, runs, rows);
  // The logged-in pages: Lighthouse drives a Chromium whose localStorage holds a session token,
  // as the SPA stores it after a login, and is told to keep it (--disable-storage-reset). Its
  // HTTP cache is emptied before each run, as Lighthouse's own reset would: every page is
  // measured on a first load, none with the bundles of the page measured before it.
  const browser = await loggedInBrowser(port);
  try {
    for (const page of LOGGED_IN_PAGES) {
      await scorePage(
        port,
        page,
        runs,
        rows,
        [`--port=${browser.debuggingPort}`, '--disable-storage-reset'],
        browser.clearCache,
      );
    }
  } finally {
    await browser.close();
  }
}

async function scorePage(
  port: number,
  page: string,
  runs: number,
  rows: Row[],
  chromeOptions = ['--chrome-flags=--headless=new --no-sandbox'],
  beforeEachRun: () => Promise<void> = async () => undefined,
): Promise<void> {
  const run = promisify(execFile);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  {
    const performanceScores: number[] = [];
    const seoScores: number[] = [];
    const lcps: number[] = [];
    let last: { failed: string[]; path: string } = { failed: [], path: page };
    for (let i = 0; i < runs; i++) {
      await beforeEachRun();
      const { stdout } = await run(
        process.execPath,
        [
          LIGHTHOUSE_CLI,
          `http://127.0.0.1:${port}${page}`,
          '--only-categories=performance,seo',
          '--output=json',
          '--output-path=stdout',
          '--quiet',
          ...chromeOptions,
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(stdout) as LighthouseReport;
      performanceScores.push(Math.round((report.categories.performance.score ?? 0) * 100));
      seoScores.push(Math.round((report.categories.seo.score ?? 0) * 100));
      lcps.push(report.audits['largest-contentful-paint']?.numericValue ?? NaN);
      last = seoFailuresAndPath(report);
    }
    // A logged-in page that ended elsewhere (the login page) was not measured logged in.
    const ended = last.path === page ? '' : ` (ended on ${last.path})`;
    const performanceScore = median(performanceScores);
    const lcp = median(lcps);
    const seo = median(seoScores);
    rows.push({
      name: `Lighthouse performance, ${page} (LCP)`,
      cells: {
        pglite: `${performanceScore} [${performanceScores.join(', ')}] (LCP ${(lcp / 1000).toFixed(1)} s)${ended} ${verdict(performanceScore >= TARGETS.lighthousePerformance && lcp < TARGETS.lcpMs)}`,
      },
      target: `≥ ${TARGETS.lighthousePerformance} (LCP < ${TARGETS.lcpMs / 1000} s), mobile preset`,
    });
    // robots.txt keeps a member's pages out of search engines on purpose: Lighthouse's
    // `is-crawlable` audit then fails, and the SEO target is for the pages that may be indexed.
    const indexable = !disallowedByRobots(page);
    rows.push({
      name: `Lighthouse SEO, ${page}`,
      cells: {
        pglite: `${seo} [${seoScores.join(', ')}]${last.failed.length > 0 ? ` failed: ${last.failed.join(', ')}` : ''}${indexable ? ` ${verdict(seo >= TARGETS.lighthouseSeo)}` : ''}`,
      },
      target: indexable
        ? `≥ ${TARGETS.lighthouseSeo}`
        : '(none: robots.txt disallows it, a private page)',
    });
  }
}

/** Whether the SPA's robots.txt disallows `page` (its `Disallow:` prefixes). */
function disallowedByRobots(page: string): boolean {
  const robots = readFileSync(path.join(ROOT, 'src', 'ui', 'public', 'robots.txt'), 'utf8');
  return robots
    .split('\n')
    .map((line) => /^Disallow:\s*(\S+)/.exec(line.trim())?.[1])
    .some((prefix) => prefix !== undefined && page.startsWith(prefix));
}
