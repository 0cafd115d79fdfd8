const { existsSync, readFileSync, readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * The suites `npm run test:quick` runs (docs/testing.md): every suite of the server project that
 * needs no PGlite, no PostgreSQL, no Redis, no browser and no child process, found by what it
 * imports, so a new suite is sorted without a list to keep. A suite is left out when it, or a
 * test helper it imports (test/, scripts/support/, followed to the end), imports one of the
 * packages below or a module whose path names a database, Redis or a process. The server's own
 * modules are not followed: the in-memory container's module also wires the real adapters,
 * which a suite on it never opens.
 */
const SLOW_PACKAGES =
  /^(?:node:)?(?:child_process|cluster)$|^(?:@electric-sql\/pglite|pg|pg-boss|ioredis|playwright-core|autocannon)(?:\/|$)/;
const SLOW_PATHS =
  /\/adapters\/postgres\/|pg-boss|pglite|postgres|database-images|\/databases$|redis|process|instances|chromium|browser/i;
const FOLLOWED = /\/(?:test|scripts\/support)\//;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = ['', '.ts', '.tsx', '.js', '.cjs', '.mjs', '/index.ts'].map(
    (ext) => base + ext,
  );
  return candidates.find((file) => existsSync(file) && !file.endsWith('/')) ?? null;
}

function needsMore(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false);
  let slow = false;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) slow = SLOW_PACKAGES.test(specifier);
    else if (SLOW_PATHS.test(specifier)) slow = true;
    else {
      const target = resolve(file, specifier);
      slow = target !== null && FOLLOWED.test(target) && needsMore(target, seen);
    }
    if (slow) break;
  }
  seen.set(file, slow);
  return slow;
}

function suitesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));
}

/** The quick suites of `dir` (absolute paths), for a jest project's `testMatch`. */
function quickSuites(dir) {
  const seen = new Map();
  return suitesUnder(dir)
    .filter((file) => !needsMore(file, seen))
    .sort();
}

module.exports = { quickSuites };

if (require.main === module) {
  const dir = path.resolve(__dirname, '../server');
  const quick = quickSuites(dir);
  for (const file of quick) console.log(path.relative(process.cwd(), file));
  console.log(`${quick.length} of ${suitesUnder(dir).length} server suites are quick`);
}
