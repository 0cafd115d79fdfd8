import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

/**
 * What the deploy tests of the running stack share: Docker, the image, free loopback ports,
 * fresh secrets and the portal's containers. Containers run with `--network host` on loopback
 * ports only: this machine allows no bridge addresses and reaches no registry.
 */

const run = promisify(execFile);

export async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** True when a Docker daemon answers; with CI set, false is a failure, never a skip. */
export async function dockerRuns(): Promise<boolean> {
  try {
    await docker('info', '--format', '{{.ServerVersion}}');
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`Docker cannot run here, and CI is set: ${String(error)}`);
    console.warn('Docker does not answer here: the stack tests are skipped (CI would fail).');
    return false;
  }
}

const exists = async (image: string) =>
  docker('image', 'inspect', image).then(
    () => true,
    () => false,
  );

/**
 * The image under test: PORTAL_IMAGE when set (built before, as `.ci/run` does once for every
 * deploy test), else built here from the working tree on the offline base (deploy/test).
 */
export async function portalImage(): Promise<string> {
  const given = process.env.PORTAL_IMAGE;
  if (given !== undefined && given !== '') return given;
  const tag = 'member-portal:stack-test';
  if (!(await exists('node:24-bookworm-slim'))) {
    await run('bash', ['deploy/test/base-image.sh'], { maxBuffer: 64 * 1024 * 1024 });
  }
  await run('docker', ['build', '--network', 'host', '--quiet', '-t', tag, '.'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return tag;
}

/** A loopback port free now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** The secrets production requires, fresh for each run. */
export function freshSecrets(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    GATEWAY_SECRET: randomBytes(32).toString('hex'),
    SMS_CODE_PEPPER: randomBytes(32).toString('hex'),
    AUDIT_SIGNING_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

const envArgs = (env: Record<string, string>) =>
  Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);

/**
 * Starts a detached container of `image` on the host's network, its root read-only (a tmpfs on
 * /tmp) as production runs it; answers its name.
 */
export async function startContainer(
  image: string,
  name: string,
  env: Record<string, string>,
  extra: { args?: string[]; command?: string[] } = {},
): Promise<string> {
  await docker(
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--read-only',
    '--tmpfs',
    '/tmp',
    ...(extra.args ?? []),
    ...envArgs(env),
    image,
    ...(extra.command ?? []),
  );
  return name;
}

/** Removes containers, running or not, ignoring the ones already gone. */
export async function removeContainers(names: string[]): Promise<void> {
  for (const name of names) await docker('rm', '--force', name).catch(() => undefined);
}

/** Polls `url` until it answers 200 (plain HTTP on loopback), or fails after `timeoutMs`. */
export async function waitFor200(url: string, timeoutMs: number, name = url): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await fetch(url).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${name} not ready after ${timeoutMs} ms (last answer ${status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A container's logs, both streams. */
export async function containerLogs(name: string): Promise<string> {
  const { stdout, stderr } = await run('docker', ['logs', name], { maxBuffer: 64 * 1024 * 1024 });
  return `${stdout}\n${stderr}`;
}
