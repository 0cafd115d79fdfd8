import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Browser } from 'playwright-core';
import { hashSessionToken } from '../../server/domain/session-policy';
import { paymentStatusPath } from '../../src/contract/api';
import { launchChromium } from '../../scripts/support/browser';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/support/databases';
import { type Caddy, httpsClient, startCaddy } from './stack-caddy';
import { memberJourney } from './stack-journey';
import { killMidStream } from './stack-stream';
import {
  containerLogs,
  docker,
  dockerRuns,
  freePort,
  freshSecrets,
  portalImage,
  removeContainers,
  startContainer,
  waitFor200,
} from './stack-support';

jest.setTimeout(900_000);

/**
 * The image as an organisation runs it: two instances on PostgreSQL and Redis behind Caddy with
 * HTTPS (`tls internal`), the sandbox gateway beside them. A member signs up, pays and reads the
 * receipt in Chromium over https://localhost; then one instance is killed in the middle of a
 * stream of session checks and status reads, and no member request fails beyond one retry.
 */
describe('the stack: two instances of the image behind Caddy', () => {
  const run = `${process.pid}-${Date.now() % 100_000}`;
  const names = [`stack-portal-1-${run}`, `stack-portal-2-${run}`];
  const sandboxName = `stack-sandbox-${run}`;
  let usable = false;
  let scratch: ScratchDatabase | undefined;
  let caddy: Caddy | undefined;
  let browser: Browser | undefined;
  let origin = '';
  let caHome = '';
  const instancePorts: number[] = [];

  beforeAll(async () => {
    usable = await dockerRuns();
    if (!usable) return;
    const image = await portalImage();
    scratch = await createScratchDatabase();
    const port = async () => String(await freePort());
    const ports = {
      CADDY_HTTPS_PORT: await port(),
      CADDY_HTTP_PORT: await port(),
      GATEWAY_HTTPS_PORT: await port(),
    };
    const sandboxPort = await port();
    for (let i = 0; i < 2; i += 1) instancePorts.push(await freePort(), await freePort());
    caddy = await startCaddy({
      ...ports,
      PORTAL_1: `127.0.0.1:${instancePorts[0]}`,
      PORTAL_2: `127.0.0.1:${instancePorts[2]}`,
      SANDBOX: `127.0.0.1:${sandboxPort}`,
    });
    origin = `https://localhost:${ports.CADDY_HTTPS_PORT}`;
    // Caddy keeps its root readable by its owner only: the gateway (uid 1000) gets a copy.
    caHome = mkdtempSync(path.join(tmpdir(), 'stack-ca-'));
    writeFileSync(path.join(caHome, 'root.crt'), caddy.rootPem);
    chmodSync(caHome, 0o755);
    chmodSync(path.join(caHome, 'root.crt'), 0o644);
    const secrets = freshSecrets();
    await startContainer(
      image,
      sandboxName,
      {
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        SANDBOX_GATEWAY_PORT: sandboxPort,
        GATEWAY_SECRET: secrets.GATEWAY_SECRET,
        // Its signed callback reaches the portal through Caddy, over HTTPS.
        NODE_EXTRA_CA_CERTS: '/caddy-ca/root.crt',
      },
      {
        args: ['--volume', `${caHome}:/caddy-ca:ro`],
        command: ['node', 'dist-server/sandbox-gateway/main.js'],
      },
    );
    const started = performance.now();
    for (const [i, name] of names.entries()) {
      await startContainer(image, name, {
        APP_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(instancePorts[i * 2]),
        OPS_HOST: '127.0.0.1',
        OPS_PORT: String(instancePorts[i * 2 + 1]),
        PUBLIC_URL: origin,
        DATABASE_URL: scratch.url,
        // A database of its own on the shared Redis: budgets and invalidations of this run only.
        REDIS_URL: 'redis://127.0.0.1:6379/13',
        TRUST_PROXY: '127.0.0.1',
        ...secrets,
        SMS_BRAND: 'Stack Test',
        SMS_PROVIDER: 'console',
        GATEWAY: 'sandbox',
        GATEWAY_URL: `https://localhost:${ports.GATEWAY_HTTPS_PORT}/pay`,
        GATEWAY_STATUS_URL: `http://127.0.0.1:${sandboxPort}/status`,
        SHUTDOWN_GRACE_MS: '5000',
      });
    }
    for (const [i, name] of names.entries()) {
      await waitFor200(`http://127.0.0.1:${instancePorts[i * 2]}/api/health/ready`, 60_000, name);
    }
    console.log(
      `stack: both instances ready ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        'after their start (migrating one database under its lock)',
    );
    await waitFor200(`http://127.0.0.1:${sandboxPort}/health`, 30_000, sandboxName);
    const client = httpsClient(origin, caddy.rootPem);
    for (let tries = 0; (await client.call('GET', '/health/ready')).status !== 200; tries += 1) {
      if (tries > 50) throw new Error('Caddy never answered ready over HTTPS');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    client.close();
    browser = await launchChromium({
      // Trusts what Caddy's own CA signed, as a member's machine trusts a public CA's.
      args: [`--ignore-certificate-errors-spki-list=${caddyCaSpki(caddy.dataDir)}`],
    });
  });

  afterAll(async () => {
    if (usable) {
      for (const name of [...names, sandboxName]) {
        const logs = await containerLogs(name).catch(() => '');
        if (/"level":(50|60)/.test(logs)) console.log(`${name}'s errors:\n${errorLines(logs)}`);
      }
    }
    await browser?.close();
    await removeContainers([...names, sandboxName]);
    await caddy?.stop();
    if (caHome !== '') rmSync(caHome, { recursive: true, force: true });
    await scratch?.drop();
  });

  let member: { phone: string; transactionId: string } | undefined;

  it('a member signs up, pays through the sandbox and reads the receipt in Chromium', async () => {
    if (!usable || browser === undefined) return;
    const codeOf = async (phone: string) => {
      for (let tries = 0; tries < 50; tries += 1) {
        const logs = (await Promise.all(names.map(containerLogs))).join('\n');
        const line = logs.split('\n').find((text) => text.includes(`to +${phone}:`));
        const body = line?.slice(line.indexOf(`to +${phone}:`) + phone.length + 5);
        const code = body === undefined ? undefined : /\b(\d{6})\b/.exec(body);
        if (code) return code[1];
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no SMS code for ${phone} in the instances' logs`);
    };
    member = await memberJourney(browser, origin, codeOf);
    expect(member.transactionId).not.toBe('');
  });

  it('one instance killed mid-stream: no member request fails beyond one retry', async () => {
    if (!usable || caddy === undefined || member === undefined || scratch === undefined) return;
    // Sessions of the member, one per worker: each route's budget counts per session.
    const tokens = Array.from({ length: 8 }, (_, i) => `stack-${run}-session-${i}`);
    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    await db.query(
      `INSERT INTO sessions (id, member_id, token_hash, created_at, last_seen_at)
       SELECT gen_random_uuid(), m.id, h, now(), now()
         FROM members m, unnest($2::text[]) AS h WHERE m.phone_no = $1`,
      [member.phone, tokens.map(hashSessionToken)],
    );
    await db.end();
    const client = httpsClient(origin, caddy.rootPem);
    try {
      const figures = await killMidStream({
        tokens,
        calls: [
          { method: 'POST', path: '/service/session-check' },
          { method: 'GET', path: paymentStatusPath(member.transactionId) },
        ],
        call: client.call,
        kill: () => docker('kill', names[0]),
      });
      console.log(
        `stack: ${figures.requests} member requests, ${figures.retried} retried once ` +
          `(${figures.afterKill} after the kill), ${figures.failed} failed after the retry`,
      );
      expect(figures.requests - figures.afterKill).toBeGreaterThan(20);
      expect(figures.afterKill).toBeGreaterThan(50);
      expect(await docker('inspect', '--format', '{{.State.Running}}', names[0])).toBe('false');
      expect(figures.failed).toBe(0);
      expect(await docker('inspect', '--format', '{{.State.Running}}', names[1])).toBe('true');
    } finally {
      client.close();
    }
  });
});

/** The base64 SHA-256 of Caddy's intermediate CA's public key (what signs its leaves). */
function caddyCaSpki(dataDir: string): string {
  const pem = readFileSync(
    path.join(dataDir, 'caddy', 'pki', 'authorities', 'local', 'intermediate.crt'),
  );
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

const errorLines = (logs: string) =>
  logs
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
    .slice(0, 10)
    .join('\n');
