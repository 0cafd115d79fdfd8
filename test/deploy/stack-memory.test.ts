import { chownSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { createContainer } from '../../server/container';
import { type Calls, load } from '../../scripts/bench/load';
import { rssMiB } from '../../scripts/bench/memory';
import { seedMembers } from '../../scripts/bench/portal-server';
import {
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

/** What a small organisation's one 1 GB machine allows, on the embedded database. */
const LIMITS = { idleMiB: 512, loadedMiB: 768 };
/** Each figure's measured seconds, as `npm run bench` takes them by default. */
const SECONDS = 5;

/**
 * The image on a 1 GB machine: `--memory 1g` (no swap), PGlite on its volume seeded with the
 * bench's 20,000 members, their sessions and a payment each; the server's RSS idle once started
 * on it, then the highest through the bench's session-check and payment-status figures; no OOM
 * kill. Seeded on the host by the bench's own code, then handed to the image's user (1000).
 */
describe('the image on a 1 GB machine, on PGlite', () => {
  const name = `stack-1g-${process.pid}-${Date.now() % 100_000}`;
  let usable = false;
  let dataDir = '';

  beforeAll(async () => {
    usable = await dockerRuns();
  });

  afterAll(async () => {
    await removeContainers([name]);
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays within 512 MiB idle and 768 MiB through the figures, never OOM-killed', async () => {
    if (!usable) return;
    const image = await portalImage();
    // On disk, not tmpfs: the volume of a VPS.
    dataDir = mkdtempSync(path.join('/var/tmp', 'stack-1g-'));
    const container = await createContainer(
      loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    const seeded = performance.now();
    const seed = await seedMembers(container.db);
    await container.close();
    console.log(
      `1 GB: ${seed.tokens.length} members seeded on PGlite in ` +
        `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    chownTree(dataDir, 1000);

    const port = await freePort();
    await startContainer(
      image,
      name,
      {
        APP_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        OPS_PORT: String(await freePort()),
        OPS_HOST: '127.0.0.1',
        PUBLIC_URL: 'https://localhost',
        ...freshSecrets(),
        SMS_BRAND: 'Stack Test',
        SMS_PROVIDER: 'console',
        GATEWAY: 'sandbox',
        GATEWAY_URL: 'https://localhost:8443/pay',
        GATEWAY_STATUS_URL: 'http://127.0.0.1:9/status',
        // The loader is one address: the per-address budget out of its way, as in the bench.
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'warn',
      },
      { args: ['--memory', '1g', '--memory-swap', '1g', '--volume', `${dataDir}:/var/lib/portal`] },
    );
    await waitFor200(`http://127.0.0.1:${port}/api/health/ready`, 120_000, name);
    const pid = Number(await docker('inspect', '--format', '{{.State.Pid}}', name));
    // Idle: started on the seeded volume, a moment to settle.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = rssMiB(pid) ?? Infinity;
    let loaded = idle;
    const sampler = setInterval(() => (loaded = Math.max(loaded, rssMiB(pid) ?? 0)), 100);
    const figures: string[] = [];
    // As the bench runs them, but shorter: one warm-up call per session before the session
    // checks (every session then cached), none before the status reads, whose calls go through
    // the same sessions; SECONDS measured each.
    const figure = async (label: string, calls: Calls, warmCalls: number) => {
      const result = await load(port, SECONDS, calls, warmCalls);
      figures.push(
        `${label} ${result.rate.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
      return result;
    };
    try {
      const checks = await figure(
        'session checks',
        (i) => ({
          method: 'POST',
          path: '/api/service/session-check',
          token: seed.tokens[i % seed.tokens.length],
        }),
        seed.tokens.length,
      );
      const statuses = [];
      for (const list of [seed.pending, seed.paid]) {
        statuses.push(
          await figure(
            'status reads',
            (i) => {
              const [token, id] = list[i % list.length];
              return { method: 'GET', path: `/api/payment/status/${id}`, token };
            },
            0,
          ),
        );
      }
      loaded = Math.max(loaded, rssMiB(pid) ?? 0);
      for (const result of [checks, ...statuses]) expect(result.errors).toBe(0);
    } finally {
      clearInterval(sampler);
    }
    const oom = await docker(
      'inspect',
      '--format',
      '{{.State.OOMKilled}} {{.State.Running}}',
      name,
    );
    console.log(
      `1 GB (--memory 1g, PGlite, ${seed.tokens.length} members): server RSS idle ` +
        `${idle.toFixed(0)} MiB (≤ ${LIMITS.idleMiB}), highest through the figures ` +
        `${loaded.toFixed(0)} MiB (≤ ${LIMITS.loadedMiB}); OOM-killed, running: ${oom}\n  ` +
        figures.join('\n  '),
    );
    expect(oom).toBe('false true');
    expect(idle).toBeLessThanOrEqual(LIMITS.idleMiB);
    expect(loaded).toBeLessThanOrEqual(LIMITS.loadedMiB);
  });
});

/** Hands a directory tree to `uid` (the image's user), as a volume's owner would be. */
function chownTree(dir: string, uid: number): void {
  chownSync(dir, uid, uid);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chownTree(full, uid);
    else chownSync(full, uid, uid);
  }
}
