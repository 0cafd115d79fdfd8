import { execFile } from 'node:child_process';
import { freshSecrets } from './stack-support';

/**
 * The image tests' hands on Docker beyond the stack tests' (stack-support.ts): commands whose
 * failure is the answer, containers on the host's network with a read-only root (this machine
 * allows no bridge addresses: loopback ports only), production's settings and the probes.
 */

export interface Ran {
  code: number;
  output: string;
  ms: number;
}

/** Runs `docker ...args`, resolving whatever the exit code (both streams as output). */
export function dockerRun(args: readonly string[]): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile('docker', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}`, ms: performance.now() - started });
    });
  });
}

/** The image under test: PORTAL_IMAGE, which `npm run test:deploy` builds and sets. */
export function imageUnderTest(): string {
  const image = process.env.PORTAL_IMAGE;
  if (image === undefined || image === '') {
    throw new Error('PORTAL_IMAGE unset: run the image tests through `npm run test:deploy`');
  }
  return image;
}

/**
 * What production requires to start, fresh secrets each time, on loopback ports: the gateway's
 * addresses point at a closed port, so the doctor's status query fails fast rather than waits.
 */
export function productionEnv(port: number, opsPort: number): Record<string, string> {
  return {
    ...freshSecrets(),
    PORT: String(port),
    OPS_PORT: String(opsPort),
    PUBLIC_URL: 'https://localhost',
    OPS_PUBLIC_URL: 'https://localhost',
    GATEWAY_URL: 'https://localhost:9/pay',
    GATEWAY_STATUS_URL: 'https://localhost:9/status',
    SMS_BRAND: 'Koperasi Test',
    LOG_LEVEL: 'warn',
  };
}

export const envArgs = (env: Record<string, string>): string[] =>
  Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);

/**
 * `docker run` arguments for a container on the host's network with a read-only root and no
 * tmpfs at all (the image must need no writable path but its data volume), unless `readOnly` is
 * false.
 */
export function runArgs(
  name: string,
  env: Record<string, string>,
  extra: readonly string[] = [],
  readOnly = true,
): string[] {
  const root = readOnly ? ['--read-only'] : [];
  return ['--name', name, '--network', 'host', ...root, ...extra, ...envArgs(env)];
}

/** The status `url` answers now (0 when nothing answers: refused, reset, timed out). */
export function statusOf(url: string): Promise<number> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (answer) => answer.status,
    () => 0,
  );
}

/** Polls `url` every 50 ms until it answers 200; the ms it took, or a failure after `limitMs`. */
export async function msUntil200(url: string, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await statusOf(url);
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > limitMs) {
      throw new Error(`${url} not 200 within ${limitMs} ms (last answer ${status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Removes containers, running or not, ignoring those already gone. */
export async function removeContainers(names: readonly string[]): Promise<void> {
  for (const name of names) await dockerRun(['rm', '--force', '--volumes', name]);
}
