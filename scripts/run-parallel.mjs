/**
 * Runs npm scripts side by side (`node scripts/run-parallel.mjs typecheck lint`), prints each
 * one's output in one piece once it ends, and fails if any of them failed.
 *
 * With `--live <script>`, that script runs beside the others with its output shown as it comes,
 * and any arguments after `--` go to it. `npm test` runs jest this way beside the checks that
 * jest does not need (type-check, lint, dependency rules): jest's suites spend part of their time
 * waiting on servers, databases and Chromium, and the checks use those idle moments of the cores
 * instead of running before jest starts.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const extra = dashes === -1 ? [] : args.slice(dashes + 1);
const names = dashes === -1 ? args : args.slice(0, dashes);
const liveAt = names.indexOf('--live');
const live = liveAt === -1 ? undefined : names.splice(liveAt, 2)[1];
const started = performance.now();

/** One script's run: resolves whether it passed. */
function run(name, { streamed, scriptArgs }) {
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['run', '--silent', name, ...(scriptArgs.length > 0 ? ['--', ...scriptArgs] : [])],
      {
        stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(`\n> ${name}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  ...(live === undefined ? [] : [run(live, { streamed: true, scriptArgs: extra })]),
  ...names.map((name) => run(name, { streamed: false, scriptArgs: [] })),
]);
process.exit(results.every(Boolean) ? 0 : 1);
