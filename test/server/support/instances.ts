import { type Config } from '../../../server/config';
import { startInstance, type TestApp } from './test-app';

/**
 * Another server instance over the same PostgreSQL database as `first` (its own process state:
 * caches, pools, LISTEN connection), sharing its clock. It does not own the database: `first`
 * drops it on close, so close this one first.
 */
export function startAnotherInstance(
  first: TestApp,
  config: Partial<Config> = {},
): Promise<TestApp> {
  if (first.config.databaseUrl === undefined) throw new Error('PGlite cannot be shared');
  return startInstance({
    clock: first.clock,
    config,
    databaseUrl: first.config.databaseUrl,
  });
}

/** Polls until `check` is true; returns the milliseconds it took, or throws after `limitMs`. */
export async function millisecondsUntil(
  check: () => Promise<boolean>,
  limitMs = 2000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not true after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Polls `check` until it is true. It has no time limit of its own: the test's timeout bounds it,
 * so a test asserts that a change arrives, never how fast (speed figures go to `npm run bench`).
 */
export async function eventually(check: () => Promise<boolean>): Promise<true> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 2));
  return true;
}
