/**
 * Runs npm scripts side by side (`node scripts/run-parallel.mjs typecheck lint`), prints each
 * one's output in one piece once it ends, and fails if any of them failed.
 *
 * With `--then <script>`, that script runs after the others, once all of them have passed, with
 * its output shown as it comes; any arguments after `--` go to it. `npm test` runs jest this way
 * after the builds and the checks jest does not need (type-check, lint, dependency rules): the
 * suites keep both cores of a 2-core machine busy on their own, so checks beside them only
 * lengthen them, and a type or lint error is reported in about a minute instead of after them.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const extra = dashes === -1 ? [] : args.slice(dashes + 1);
const names = dashes === -1 ? args : args.slice(0, dashes);
const thenAt = names.indexOf('--then');
const then = thenAt === -1 ? undefined : names.splice(thenAt, 2)[1];

/** One script's run: resolves whether it passed, printing how long it took. */
function run(name, { streamed, scriptArgs }) {
  const started = performance.now();
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

const results = await Promise.all(
  names.map((name) => run(name, { streamed: false, scriptArgs: [] })),
);
if (!results.every(Boolean)) {
  if (then !== undefined) process.stdout.write(`\n> ${then}: not run, as the above failed\n`);
  process.exit(1);
}
if (then !== undefined && !(await run(then, { streamed: true, scriptArgs: extra }))) {
  process.exit(1);
}
