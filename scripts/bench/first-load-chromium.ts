import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../support/browser';
import { CHROMIUM, DIST, type Row, TARGETS, verdict } from './settings';

/** One JS or CSS file a first visit downloaded, with its gzip size (level 9) in bytes. */
export interface Downloaded {
  file: string;
  gzip: number;
}

/**
 * A first visit to `page` in Chromium (an empty cache), until the network is idle: every JS and
 * CSS file it downloads, lazy chunks included, each measured as gzip level 9 of the built file
 * (what scripts/precompress.ts writes; a browser accepting br is sent fewer bytes still).
 */
export async function firstVisitDownloads(port: number, page = '/login'): Promise<Downloaded[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const files = new Set<string>();
    tab.on('response', (response) => {
      const url = new URL(response.url());
      if (url.port === String(port) && /\.(js|css)$/.test(url.pathname)) {
        files.add(url.pathname.slice(1));
      }
    });
    await tab.goto(`http://127.0.0.1:${port}${page}`, { waitUntil: 'networkidle' });
    return [...files].map((file) => ({
      file,
      gzip: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    }));
  } finally {
    await browser.close();
  }
}

/** The bench's row: /login's first visit in Chromium against its budget (1 KB = 1,000 bytes). */
export async function firstVisitRow(port: number, rows: Row[]): Promise<void> {
  const name = 'first visit of /login in Chromium: JS + CSS gzip until network idle';
  const budget = `≤ ${TARGETS.firstLoadGzipKb} KB (1 KB = 1,000 bytes)`;
  if (!existsSync(CHROMIUM) || !existsSync(path.join(DIST, 'index.html'))) {
    rows.push({
      name,
      cells: { pglite: `not measured: needs ${CHROMIUM} and npm run build` },
      target: budget,
    });
    return;
  }
  const files = await firstVisitDownloads(port);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const parts = [...files].sort((a, b) => b.gzip - a.gzip).map((f) => kb(f.gzip));
  rows.push({
    name,
    cells: {
      pglite: `${kb(total)} in ${files.length} files (${parts.join(' + ')}) ${verdict(total <= TARGETS.firstLoadGzipKb * 1000)}`,
    },
    target: budget,
  });
}
