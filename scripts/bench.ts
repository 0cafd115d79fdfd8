/**
 * Prints speed and memory figures for the hot paths (no pass/fail: targets live here, not in
 * timed tests). Usage: `npm run bench` (PGlite) or `npm run bench -- postgres`.
 *
 *   - argon2id hash and verify at the configured cost
 *   - login, session-check (concurrent) and payment-creation latency over real HTTP
 *   - server memory (RSS, heap) after the run
 *   - the built SPA's size, raw and gzipped (run `npm run build` first)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Argon2PasswordHasher } from '../server/adapters/hashing/argon2-password-hasher';
import { postJson } from '../test/server/support/http';
import { aMember, login, registerMember } from '../test/server/support/members';
import { startTestApp } from '../test/server/support/test-app';
import type { TestDatabase } from '../test/server/support/databases';

const database: TestDatabase = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return `n=${sorted.length} mean=${mean.toFixed(1)} ms p50=${at(0.5).toFixed(1)} ms p95=${at(0.95).toFixed(1)} ms max=${sorted[sorted.length - 1].toFixed(1)} ms`;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  console.log(`Benchmark on ${database}, Node ${process.version}`);

  const hasher = new Argon2PasswordHasher();
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  let hash = '';
  for (let i = 0; i < 20; i++)
    hashTimes.push(await time(async () => (hash = await hasher.hash('correct horse battery'))));
  for (let i = 0; i < 20; i++)
    verifyTimes.push(await time(() => hasher.verify(hash, 'correct horse battery')));
  console.log(`argon2id hash     ${summary(hashTimes)}`);
  console.log(`argon2id verify   ${summary(verifyTimes)}`);

  const app = await startTestApp({
    database,
    config: { smsPerAddressPerHour: 100_000, smsPerPhonePerHour: 1000, loginMaxFailures: 1000 },
  });
  try {
    const members = [];
    for (let i = 0; i < 10; i++) members.push(await registerMember(app.baseUrl, aMember()));

    const loginTimes: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const member = members[i % members.length];
      loginTimes.push(
        await time(async () => tokens.push((await login(app.baseUrl, member)).token)),
      );
    }
    console.log(`login             ${summary(loginTimes)}`);

    const checkTimes: number[] = [];
    const concurrency = 20;
    const total = 2000;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const token = tokens[next++ % tokens.length];
          checkTimes.push(
            await time(() => postJson(app.baseUrl, '/service/session-check', {}, { token })),
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `session-check     ${summary(checkTimes)} (${concurrency} concurrent, ${(total / seconds).toFixed(0)} req/s)`,
    );

    const payTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      payTimes.push(
        await time(() =>
          postJson(
            app.baseUrl,
            '/transaction/generate-payment-request-body',
            { amount: 123.45, payment_method: 'qr' },
            { token: tokens[i % tokens.length] },
          ),
        ),
      );
    }
    console.log(`payment request   ${summary(payTimes)}`);

    const memory = process.memoryUsage();
    console.log(
      `memory            rss=${(memory.rss / 2 ** 20).toFixed(0)} MiB heapUsed=${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB (server and load generator in one process)`,
    );
  } finally {
    await app.close();
  }

  const dist = resolve(__dirname, '..', 'dist');
  if (existsSync(dist)) {
    for (const name of readdirSync(dist).filter((n) => /\.(js|css|html)$/.test(n))) {
      const path = join(dist, name);
      const gz = gzipSync(readFileSync(path)).length;
      console.log(
        `bundle ${name.padEnd(22)} ${(statSync(path).size / 1024).toFixed(1)} kB (gzip ${(gz / 1024).toFixed(1)} kB)`,
      );
    }
  } else {
    console.log('bundle            (run npm run build first)');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
