import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, FIRST_LOAD_SCRIPT, type Row, TARGETS, verdict } from './settings';

/** What the server sends for /login's first load, compressed as a browser asks for it. */
export async function firstLoadAsSent(port: number, rows: Row[]): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    rows.push({
      name: 'first load of /login',
      cells: { pglite: 'run `npm run build` first' },
      target: '',
    });
    return;
  }
  const sizes = await firstLoadSizes();
  const agent = new http.Agent({ keepAlive: true });
  const bytesOf = (urlPath: string, encoding: string) =>
    new Promise<{ bytes: number; encoding: string; status: number }>((resolve, reject) => {
      http
        .get(
          {
            agent,
            host: '127.0.0.1',
            port,
            path: urlPath,
            headers: { 'accept-encoding': encoding },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () =>
              resolve({
                bytes,
                encoding: String(res.headers['content-encoding'] ?? 'identity'),
                status: res.statusCode ?? 0,
              }),
            );
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
  let sent = 0;
  const encodings = new Set<string>();
  for (const file of ['login', ...sizes.files]) {
    const answer = await bytesOf(`/${file}`, 'br, gzip');
    if (answer.status !== 200) throw new Error(`/${file} answered ${answer.status}: rebuild dist/`);
    if (file !== 'login') encodings.add(answer.encoding);
    sent += answer.bytes;
  }
  agent.destroy();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  rows.push({
    name: 'first load of /login: JS + CSS raw, gzip',
    cells: {
      pglite: `${kb(sizes.raw)}, gzip ${kb(sizes.gzip)} ${verdict(sizes.gzip <= TARGETS.firstLoadGzipKb * 1024)}`,
    },
    target: `gzip ≤ ${TARGETS.firstLoadGzipKb} KB`,
  });
  rows.push({
    name: 'first load of /login as sent (HTML + JS + CSS)',
    cells: { pglite: `${kb(sent)} (${[...encodings].join(', ')})` },
    target: 'brotli or gzip',
  });
}

/** The first-load files and sizes: scripts/first-load.ts when present, else the HTML's own refs. */
async function firstLoadSizes(): Promise<{ files: string[]; raw: number; gzip: number }> {
  const helper = FIRST_LOAD_SCRIPT;
  if (existsSync(helper)) {
    // Another script's module, present or not: typed here by what this one reads of it.
    const { measureFirstLoad } = (await import(helper)) as {
      measureFirstLoad: (distDir: string) => {
        assets: { file: string }[];
        total: { raw: number; gzip: number };
      };
    };
    const load = measureFirstLoad(DIST);
    return { files: load.assets.map((a) => a.file), raw: load.total.raw, gzip: load.total.gzip };
  }
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(DIST, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, raw, gzip };
}
