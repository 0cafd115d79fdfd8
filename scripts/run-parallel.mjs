/**
 * Runs npm scripts side by side (`node scripts/run-parallel.mjs typecheck lint`), prints each
 * one's output in one piece once it ends, and fails if any of them failed. `npm test` uses it for
 * its checks, which each keep one core busy: together they take the time of the longest.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const names = process.argv.slice(2);
const started = performance.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          process.stdout.write(
            `\n> ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`,
          );
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
