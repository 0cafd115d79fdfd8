/**
 * The step after `parcel build` (npm run build):
 *  1. copies src/ui/public/ into dist/: robots.txt, favicon.ico, the icons the web manifest names.
 *     They are served at fixed URLs, so they do not go through Parcel (which would rename them).
 *  2. writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/, at the
 *     strongest levels: compressed once here, never per request. @fastify/static (preCompressed)
 *     sends the one the browser accepts, or the file itself.
 * Usage: `tsx scripts/precompress.ts [distDir] [--no-public]`: the operator console's build
 * (dist-console/) takes step 2 only, since the member app's public files are not its own.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.resolve(__dirname, '..');
export const PUBLIC_DIR = path.join(ROOT, 'src', 'ui', 'public');

/** Text formats worth compressing (images such as PNG are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|ico)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function copyPublicFiles(distDir: string, publicDir = PUBLIC_DIR): string[] {
  if (!existsSync(publicDir)) return [];
  return filesUnder(publicDir).map((file) => {
    const target = path.join(distDir, path.relative(publicDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
    return target;
  });
}

export interface Compressed {
  file: string;
  raw: number;
  /** Undefined when compressing did not make the file smaller (then no copy is written). */
  brotli?: number;
  gzip?: number;
}

export function precompress(distDir: string): Compressed[] {
  return filesUnder(distDir)
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => {
      const bytes = readFileSync(file);
      const result: Compressed = { file: path.relative(distDir, file), raw: bytes.length };
      const brotli = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
      if (brotli.length < bytes.length) {
        writeFileSync(`${file}.br`, brotli);
        result.brotli = brotli.length;
      }
      if (gzip.length < bytes.length) {
        writeFileSync(`${file}.gz`, gzip);
        result.gzip = gzip.length;
      }
      return result;
    });
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(
    args.find((arg) => !arg.startsWith('--')) ?? path.join(ROOT, 'dist'),
  );
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html not found: run parcel build first`);
  }
  const copied = args.includes('--no-public') ? [] : copyPublicFiles(distDir);
  const compressed = precompress(distDir);
  const total = (pick: (c: Compressed) => number | undefined) =>
    compressed.reduce((sum, c) => sum + (pick(c) ?? c.raw), 0);
  console.log(
    `Copied ${copied.length} public files; precompressed ${compressed.length} files: ` +
      `${total((c) => c.raw)} bytes raw, ${total((c) => c.gzip)} gzip, ${total((c) => c.brotli)} brotli`,
  );
}
