import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '../../src');
/** The one system clock, shared by the SPA (its clock adapter), the server and the sandbox. */
const CLOCK_ADAPTER = 'contract/clock.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Time goes through Clock so a FakeClock drives every flow in tests: the real timers may be
 * called from the system clock only (window.setTimeout and friends included).
 */
it('no file in src/ but the system clock calls setTimeout or setInterval', () => {
  const timers = /\b(setTimeout|setInterval|clearTimeout|clearInterval)\s*\(/;
  const offenders = sourceFiles(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((path) => path !== CLOCK_ADAPTER)
    .filter((path) => timers.test(readFileSync(join(SRC, path), 'utf8')));
  expect(offenders).toEqual([]);
  expect(timers.test(readFileSync(join(SRC, CLOCK_ADAPTER), 'utf8'))).toBe(true);
});
