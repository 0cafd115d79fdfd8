/**
 * What a browser downloads before it can render /login: the JS and CSS that dist/index.html
 * references (scripts, stylesheets, module preloads) and the bundles those scripts import
 * statically. Lazily imported route chunks are not counted. Builds nothing: run `npm run build`
 * first. Usage: `npm run size` (or `tsx scripts/first-load.ts [distDir]`).
 *
 * Sizes: raw, gzip level 9 and brotli quality 11, the levels scripts/precompress.ts writes, so
 * "brotli" is what a browser that accepts br is sent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  route: string;
  /** index.html itself (with Parcel's inline import map): not part of the JS + CSS figure. */
  html: AssetSize;
  assets: AssetSize[];
  js: Omit<AssetSize, 'file'>;
  css: Omit<AssetSize, 'file'>;
  total: Omit<AssetSize, 'file'>;
}

const REFERENCE = /<(?:script|link)\b[^>]*?\b(?:src|href)=["']?([^"'\s>]+)/gi;
// Static imports between bundles in minified ESM: `import"./a.js"`, `from"./a.js"`.
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'](\.{0,2}\/[^"']+\.js)["']/g;

function isLocalAsset(ref: string): boolean {
  return /\.(js|mjs|css)(\?|$)/.test(ref) && !/^[a-z]+:\/\//i.test(ref) && !ref.startsWith('//');
}

/** Files (relative to distDir) that index.html needs, following static imports of scripts. */
export function firstLoadFiles(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = [...html.matchAll(REFERENCE)]
    .map((match) => match[1])
    .filter(isLocalAsset)
    .map((ref) => ref.replace(/^\//, '').replace(/\?.*$/, ''));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));
    }
  }
  return [...seen];
}

function sizeOf(distDir: string, file: string): AssetSize {
  const bytes = readFileSync(path.join(distDir, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

function sum(assets: AssetSize[]): Omit<AssetSize, 'file'> {
  return assets.reduce(
    (total, a) => ({
      raw: total.raw + a.raw,
      gzip: total.gzip + a.gzip,
      brotli: total.brotli + a.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

/** The first load of /login (every route loads the same shell; /login's screen is in it). */
export function measureFirstLoad(distDir: string): FirstLoad {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html not found: run \`npm run build\` first`);
  }
  const assets = firstLoadFiles(distDir).map((file) => sizeOf(distDir, file));
  return {
    route: '/login',
    html: sizeOf(distDir, 'index.html'),
    assets,
    js: sum(assets.filter((a) => a.file.endsWith('.js'))),
    css: sum(assets.filter((a) => a.file.endsWith('.css'))),
    total: sum(assets),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

export function formatFirstLoad(load: FirstLoad): string {
  const row = (name: string, s: Omit<AssetSize, 'file'>) =>
    `${name.padEnd(32)}${kb(s.raw)}${kb(s.gzip)}${kb(s.brotli)}`;
  return [
    `First load of ${load.route} (KB = 1024 bytes)`,
    `${''.padEnd(32)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`,
    ...load.assets.map((a) => row(a.file, a)),
    row('JS', load.js),
    row('CSS', load.css),
    row('JS + CSS', load.total),
    row('(index.html, not counted above)', load.html),
  ].join('\n');
}

if (require.main === module) {
  const distDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'dist'));
  console.log(formatFirstLoad(measureFirstLoad(distDir)));
}
