import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { migratedTemplate, writeMigratedPgliteDir } from '../../../scripts/support/database-images';
import { entryArgs } from '../../server/support/server-entry';
import { freePort } from '../../../scripts/support/free-port';

const ROOT = resolve(__dirname, '../../..');
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type E2eDatabase = 'pglite' | 'postgres';

export interface PortalServer {
  baseUrl: string;
  /** The sandbox gateway's own origin (another port). */
  gatewayUrl: string;
  /** The operator console's origin, when started with `console: true`. */
  opsUrl?: string;
  /** The PostgreSQL database it runs on (for `npm run ops` beside it); undefined on PGlite. */
  databaseUrl?: string;
  /** The PGlite directory it runs on (`npm run ops` beside it asks the server); undefined on PostgreSQL. */
  dataDir?: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts the real portal the way `npm start` does outside production (the launcher: the API
 * serving the built SPA from dist/, and the sandbox gateway app on a port of its own, as two
 * child processes), on free ports, with a fresh embedded database or a fresh database on the
 * local PostgreSQL server, with the test's own `settings` (a gateway simulator's) over these. The
 * launcher runs from the sources (through tsx), so the suite needs no `npm run build:server`;
 * under `npm test`, which has just built it, it runs compiled as `npm start` does (see
 * server-entry.ts).
 */
export interface PortalOptions {
  /**
   * The host name the browser uses (PUBLIC_URL's and baseUrl's); 127.0.0.1 unless told. WebAuthn
   * needs a domain as its relying party ID, never an IP address: passkey suites use 'localhost'.
   */
  host?: string;
  /** Settings of the test's own (a gateway's simulator), over the defaults below. */
  settings?: NodeJS.ProcessEnv;
  /** Also the operator console, on a port of its own at `host`. */
  console?: boolean;
}

export async function startPortal(
  database: E2eDatabase,
  options: PortalOptions = {},
): Promise<PortalServer> {
  const host = options.host ?? '127.0.0.1';
  const port = await freePort();
  const gatewayPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const dbName = `t_e2e_${process.pid}_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  // Either database starts migrated (no initdb or migrations per suite): see database-images.ts.
  if (database === 'pglite') await writeMigratedPgliteDir(dataDir);
  if (database === 'postgres') {
    await adminQuery(`CREATE DATABASE ${dbName} TEMPLATE ${await migratedTemplate(PG_ADMIN_URL)}`);
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://${host}:${port}`,
    // The API finds the sandbox by this port (its default GATEWAY_URL and GATEWAY_STATUS_URL).
    SANDBOX_GATEWAY_PORT: String(gatewayPort),
    SMS_PROVIDER: 'console',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  // A developer's own gateway settings must not send the browser elsewhere.
  for (const name of ['GATEWAY', 'GATEWAY_URL', 'GATEWAY_STATUS_URL']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const opsPort = options.console ? await freePort() : undefined;
  const opsUrl = opsPort === undefined ? undefined : `http://${host}:${opsPort}`;
  if (opsPort !== undefined && opsUrl !== undefined) {
    Object.assign(env, { OPS_PORT: String(opsPort), OPS_PUBLIC_URL: opsUrl });
  }
  Object.assign(env, options.settings);

  const child = spawn(process.execPath, entryArgs('scripts/start'), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://${host}:${port}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

  try {
    await waitForHealth(`${baseUrl}/api/health`, child, () => output);
    await waitForHealth(`${gatewayUrl}/health`, child, () => output);
    if (opsUrl !== undefined) await waitForHealth(`${opsUrl}/login`, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    baseUrl,
    gatewayUrl,
    opsUrl,
    databaseUrl,
    dataDir: database === 'pglite' ? dataDir : undefined,
    output: () => output,
    close: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (database === 'postgres')
        await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

/** Whether the local PostgreSQL server answers; CI requires it, a laptop may not have it. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForHealth(healthUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output()}`);
    try {
      const res = await fetch(healthUrl);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${healthUrl} did not answer within 60 s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    // Longer than the launcher's own wait for its children, so it can stop them first.
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
