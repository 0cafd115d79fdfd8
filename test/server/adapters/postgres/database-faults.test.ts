import { type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Client } from 'pg';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';
import { startServerProcess } from '../../support/server-process';
import { startTestApp } from '../../support/test-app';

/**
 * The database going away must never take the server down or answer 500: a lost connection fails
 * that request with 503 and Retry-After, /api/health says the database is down, and the server
 * recovers by itself. On PostgreSQL the real server process runs behind a TCP proxy that the
 * test cuts, blackholes and restores, while backends are also killed from the database side.
 */

jest.setTimeout(120_000);

/** A TCP proxy to PostgreSQL that can drop every connection, refuse new ones or swallow them. */
class FaultyProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.mode === 'blackhole') return; // accepted, never answered: a silent partition
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no proxy address');
    this.port = address.port;
  }

  /** Cuts every open connection, as a database restart or failover would. */
  cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Stops listening and cuts everything: connection attempts are refused. */
  async stop(): Promise<void> {
    this.cutAll();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface Answer {
  status: number;
  retryAfter: string | null;
}

async function call(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const onPostgres = eachDatabase().includes('postgres');

(onPostgres ? describe : describe.skip)('database faults on PostgreSQL (real process)', () => {
  let scratch: ScratchDatabase;
  let proxy: FaultyProxy;
  let child: ChildProcess;
  let baseUrl: string;
  let exitCode: number | null = null;
  let output = (): string => '';

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const target = new URL(scratch.url);
    proxy = new FaultyProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(scratch.url);
    viaProxy.port = String(proxy.port);
    const server = await startServerProcess({
      DATABASE_URL: viaProxy.toString(),
      RATE_LIMIT_PER_MINUTE: '100000',
      SMS_PER_ADDRESS_PER_HOUR: '1000',
      SMS_PER_PHONE_PER_HOUR: '1000',
      RECONCILE_INTERVAL_S: '0',
      PURGE_INTERVAL_S: '0',
      LOG_LEVEL: 'silent',
    });
    child = server.child;
    baseUrl = server.baseUrl;
    child.on('exit', (code) => (exitCode = code));
    output = server.output;
  }, 90_000);

  afterAll(async () => {
    // When the process died, say why: the failure below is otherwise only 'fetch failed'.
    if (exitCode !== null) console.error(`server exited ${exitCode}: ${output()}`);
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await proxy?.stop();
    await scratch?.drop();
  }, 60_000);

  /** Requests that touch the database: a plain read, a login, and a transaction (a code). */
  function load(round: number): Promise<Answer>[] {
    const answers: Promise<Answer>[] = [];
    for (let i = 0; i < 12; i++) {
      const phone = `60${String(120000000 + round * 100 + i)}`;
      answers.push(call(`${baseUrl}/api/health`));
      answers.push(
        call(
          `${baseUrl}/api/service/login`,
          json({ ic_or_passport: 'A1234567', password: 'x'.repeat(8) }),
        ),
      );
      answers.push(
        call(
          `${baseUrl}/api/service/send_sms_code`,
          json({ phone_no: phone, purpose: 'registration' }),
        ),
      );
    }
    return answers;
  }

  it('keeps running when connections are killed under load: 503 with Retry-After, never 500, then 200', async () => {
    const admin = new Client({ connectionString: scratch.url.replace(/\/t_[a-z0-9]+$/, '/test') });
    await admin.connect();
    const database = new URL(scratch.url).pathname.slice(1);
    const answers: Answer[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const inFlight = load(round);
        await new Promise((resolve) => setTimeout(resolve, 15));
        // From the database side (an idle-session kill, an admin) and from the network side.
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [database],
        );
        proxy.cutAll();
        answers.push(...(await Promise.all(inFlight)));
      }
    } finally {
      await admin.end();
    }
    expect(exitCode).toBeNull();
    expect(output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    const statuses = new Set(answers.map((a) => a.status));
    expect(statuses.has(500)).toBe(false);
    // The faults really hit requests in flight (else this test would prove nothing).
    expect(statuses.has(503)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    // The pool reconnects by itself.
    expect(
      await until(async () => (await call(`${baseUrl}/api/health`)).status === 200, 15_000),
    ).toBe(true);
    expect(exitCode).toBeNull();
  });

  it('answers 503 within seconds while the database is unreachable, and recovers by itself', async () => {
    const port = proxy.port;
    // Refused: connection attempts fail at once.
    await proxy.stop();
    const refused = await call(
      `${baseUrl}/api/service/send_sms_code`,
      json({ phone_no: '60129990001', purpose: 'registration' }),
    );
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 0,
      code: 'SERVICE_UNAVAILABLE',
      data: { database: 'down' },
    });

    // Blackholed: connections are accepted but never answered; the connect timeout fails fast.
    proxy.mode = 'blackhole';
    await proxy.start(port);
    const started = Date.now();
    const silent = await call(`${baseUrl}/api/health`);
    expect(silent.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);

    // Back: the next requests succeed without a restart.
    await proxy.stop();
    proxy.mode = 'forward';
    await proxy.start(port);
    expect(
      await until(async () => (await call(`${baseUrl}/api/health`)).status === 200, 15_000),
    ).toBe(true);
    const sent = await call(
      `${baseUrl}/api/service/send_sms_code`,
      json({ phone_no: '60129990002', purpose: 'registration' }),
    );
    expect(sent.status).toBe(200);
    expect(exitCode).toBeNull();
  });
});

describe('database faults on PGlite', () => {
  it('answers 503 with Retry-After, never 500, once the embedded database is gone', async () => {
    const app = await startTestApp({ database: 'pglite' });
    try {
      expect((await call(`${app.baseUrl}/api/health`)).status).toBe(200);
      await app.container.db.close();
      const health = await call(`${app.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      const login = await call(
        `${app.baseUrl}/api/service/login`,
        json({ ic_or_passport: 'A1234567', password: 'x'.repeat(8) }),
      );
      expect(login.status).toBe(503);
      expect(login.retryAfter).toMatch(/^\d+$/);
    } finally {
      await app.app.close();
    }
  }, 60_000);
});
