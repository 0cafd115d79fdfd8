import { Redis } from 'ioredis';
import { RecordingSmsSender } from '../../../server/adapters/in-memory/recording-sms-sender.adapter';
import { type Config } from '../../../server/config';
import { RATE_LIMIT_NAMESPACE } from '../../../server/http/shared-rate-limit';
import { type Database } from '../../../server/adapters/postgres/database';
import { openMigratedPglite } from '../../../scripts/support/database-images';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
  type TestDatabase,
} from '../../../scripts/support/databases';
import { FakeClock } from '../../fakes/fake-clock';
import {
  CountingSlowHasher,
  fireSplit,
  openPatientPool,
  statuses,
} from '../support/concurrent-requests';
import { getJson, postJson } from '../support/http';
import { aMember, registerMember } from '../support/members';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../support/redis';
import { startInstance } from '../support/second-instance';
import { type TestApp } from '../support/test-app';

const HOOK_TIMEOUT_MS = 60_000;
jest.setTimeout(60_000);

const PARALLEL = 50;

async function countRows(instance: TestApp, sql: string, params: unknown[]): Promise<number> {
  const rows = await instance.container.db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

describe.each(eachDatabase())('limits under concurrency on %s', (database: TestDatabase) => {
  const where = database === 'postgres' ? 'split over two instances' : 'on one instance';
  let db: Database | undefined;
  let scratch: ScratchDatabase | undefined;
  let instances: TestApp[] = [];
  let pools: Database[] = [];
  let hasher: CountingSlowHasher;
  let sms: RecordingSmsSender;

  // One database for the suite (opening a PGlite costs about a second of CPU, a PostgreSQL copy
  // the server more): two instances share it on PostgreSQL, one uses it on PGlite, whose single
  // connection already serialises everything.
  beforeAll(async () => {
    if (database === 'pglite') db = await openMigratedPglite();
    else scratch = await createScratchDatabase({ migrated: true });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  }, HOOK_TIMEOUT_MS);

  /** Fresh instances per test, over the database with the limits' rows emptied first. */
  async function start(config: Partial<Config> = {}): Promise<TestApp[]> {
    const clock = new FakeClock();
    hasher = new CountingSlowHasher();
    // One SMS sender for every instance, so the codes sent are counted in one place.
    sms = new RecordingSmsSender(clock);
    const overrides = { hasher, smsSender: sms, smsOutbox: sms, ...(db && { db }) };
    for (let i = 0; i < (scratch ? 2 : 1); i += 1) {
      const pool = scratch && (await openPatientPool(scratch.url));
      if (pool) pools.push(pool);
      instances.push(
        await startInstance({
          clock,
          config,
          overrides: { ...overrides, ...(pool && { db: pool }) },
          databaseUrl: scratch?.url,
        }),
      );
    }
    // Each test spends its address's budgets: the rows an earlier test left count no more.
    await instances[0].container.db.exec(
      'DELETE FROM login_failures; DELETE FROM sms_requests; DELETE FROM sms_codes;',
    );
    return instances;
  }

  afterEach(async () => {
    for (const instance of instances.reverse()) await instance.close();
    instances = [];
    for (const pool of pools) await pool.close();
    pools = [];
  }, HOOK_TIMEOUT_MS);

  it(`verifies at most LOGIN_MAX_FAILURES of ${PARALLEL} simultaneous wrong passwords ${where}, refusing the rest with 429 before any verify`, async () => {
    const instances = await start({ loginMaxFailures: 10 });
    const member = await registerMember(instances[0].baseUrl, aMember());
    hasher.verifications = 0;

    const responses = await fireSplit(instances, PARALLEL, (baseUrl, index) =>
      postJson(baseUrl, '/service/login', {
        ic_or_passport: member.ic_or_passport,
        password: `wrong password ${index}`,
      }),
    );

    expect(statuses(responses)).toEqual({ 401: 10, 429: PARALLEL - 10 });
    expect(hasher.verifications).toBe(10);
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe('Too many failed login attempts. Please try again later.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(
      await countRows(
        instances[0],
        'SELECT count(*)::int AS n FROM login_failures WHERE account_key = $1',
        [member.ic_or_passport],
      ),
    ).toBe(10);
    // The right password is refused too while the window is full, still without a verify.
    const right = await postJson(instances[instances.length - 1].baseUrl, '/service/login', {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(right.status).toBe(429);
    expect(hasher.verifications).toBe(10);
  });

  it(`sends at most the per-address hourly cap of codes for ${PARALLEL} simultaneous requests from one address ${where}`, async () => {
    const cap = 20;
    const instances = await start({ smsPerAddressPerHour: cap });
    const phones = Array.from({ length: PARALLEL }, () => aMember().phone_no);

    const responses = await fireSplit(instances, PARALLEL, (baseUrl, index) =>
      postJson(baseUrl, '/service/send_sms_code', {
        phone_no: phones[index],
        purpose: 'registration',
      }),
    );

    expect(statuses(responses)).toEqual({ 200: cap, 429: PARALLEL - cap });
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe(
        'Too many codes were requested from your network. Please try again later.',
      );
    }
    expect(sms.sent).toHaveLength(cap);
    expect(await countRows(instances[0], 'SELECT count(*)::int AS n FROM sms_requests', [])).toBe(
      cap,
    );
  });

  it(`sends exactly one code for ${PARALLEL} simultaneous requests for one phone (the resend cooldown) ${where}`, async () => {
    const instances = await start();
    const phone = aMember().phone_no;

    const responses = await fireSplit(instances, PARALLEL, (baseUrl) =>
      postJson(baseUrl, '/service/send_sms_code', { phone_no: phone, purpose: 'registration' }),
    );

    expect(statuses(responses)).toEqual({ 200: 1, 429: PARALLEL - 1 });
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe('Please wait before requesting another code.');
    }
    expect(sms.sent.map((message) => message.phoneNo)).toEqual([phone]);
    expect(
      await countRows(
        instances[0],
        'SELECT count(*)::int AS n FROM sms_requests WHERE phone_no = $1',
        [phone],
      ),
    ).toBe(1);
  });

  it(`sends at most the per-phone hourly cap for ${PARALLEL} simultaneous requests for one phone without a cooldown ${where}`, async () => {
    const cap = 3;
    const instances = await start({ smsResendCooldownS: 0, smsPerPhonePerHour: cap });
    const phone = aMember().phone_no;

    const responses = await fireSplit(instances, PARALLEL, (baseUrl) =>
      postJson(baseUrl, '/service/send_sms_code', { phone_no: phone, purpose: 'registration' }),
    );

    expect(statuses(responses)).toEqual({ 200: cap, 429: PARALLEL - cap });
    expect(sms.sent).toHaveLength(cap);
    expect(
      await countRows(
        instances[0],
        'SELECT count(*)::int AS n FROM sms_requests WHERE phone_no = $1',
        [phone],
      ),
    ).toBe(cap);
  });
});

describe('the per-address request limit across instances', () => {
  const LIMIT = 10;
  const REQUESTS = 2 * LIMIT + 4;
  let instances: TestApp[] = [];
  let databases: Database[] = [];

  // The requests here write nothing: each instance slot keeps its database across the tests.
  beforeAll(async () => {
    databases = [await openMigratedPglite(), await openMigratedPglite()];
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    for (const db of databases) await db.close();
  }, HOOK_TIMEOUT_MS);

  /** Two new instances, each on its own in-memory database: only the request limit is shared. */
  async function startTwo(config: Partial<Config>): Promise<TestApp[]> {
    const clock = new FakeClock();
    for (const db of databases) {
      instances.push(
        await startInstance({
          clock,
          config: { rateLimitPerMinute: LIMIT, ...config },
          overrides: { db },
        }),
      );
    }
    return instances;
  }

  afterEach(async () => {
    for (const instance of instances.reverse()) await instance.close();
    instances = [];
  }, HOOK_TIMEOUT_MS);

  it('is counted per process without REDIS_URL: two instances let twice the budget through', async () => {
    const both = await startTwo({ redisUrl: undefined });
    const responses = await fireSplit(both, REQUESTS, (baseUrl) => getJson(baseUrl, '/health'));
    expect(statuses(responses)).toEqual({ 200: 2 * LIMIT, 429: REQUESTS - 2 * LIMIT });
  });

  it('counts a route’s per-session budget per process without REDIS_URL', async () => {
    const both = await startTwo({ redisUrl: undefined, rateLimitPerMinute: 1000 });
    const responses = await fireSplit(both, 70, (baseUrl, index) =>
      postJson(baseUrl, '/service/session-check', {}, { token: `made-up-token-${index}-xxxx` }),
    );
    expect(statuses(responses)).toEqual({ 401: 70 });
  });

  it('lets requests through when the Redis of REDIS_URL is unreachable (the database limits still hold)', async () => {
    const [one] = await startTwo({ redisUrl: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const response = await getJson(one.baseUrl, '/health');
    expect(response.status).toBe(200);
    // A route with a per-session budget answers as if it had none.
    const check = await postJson(
      one.baseUrl,
      '/service/session-check',
      {},
      { token: 'x'.repeat(20) },
    );
    expect(check.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  if (redisForTests()) {
    describe(`shared through Redis (${TEST_REDIS_URL})`, () => {
      let isolated: { url: string; prefix: string };
      let admin: Redis;
      beforeAll(async () => {
        admin = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      }, HOOK_TIMEOUT_MS);
      beforeEach(() => {
        isolated = isolatedRedisUrl();
      });
      afterEach(async () => {
        const keys = await admin.keys(`${isolated.prefix}*`);
        if (keys.length > 0) await admin.del(...keys);
      }, HOOK_TIMEOUT_MS);
      afterAll(async () => {
        await admin.quit();
      }, HOOK_TIMEOUT_MS);

      it(`limits ${REQUESTS} requests split over two instances to one budget of ${LIMIT} in all`, async () => {
        const both = await startTwo({ redisUrl: isolated.url });
        const responses = await fireSplit(both, REQUESTS, (baseUrl) => getJson(baseUrl, '/health'));
        expect(statuses(responses)).toEqual({ 200: LIMIT, 429: REQUESTS - LIMIT });
        const refused = responses.find((response) => response.status === 429);
        expect(refused?.body.message).toBe('Too many requests. Please try again later.');
        expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
        // The counter is in Redis, under this test's prefix and the app's namespace.
        const keys = await admin.keys(`${isolated.prefix}${RATE_LIMIT_NAMESPACE}*`);
        expect(keys.length).toBeGreaterThan(0);
      });

      it('shares a route’s per-session budget too: 60 session checks a minute over both instances', async () => {
        // Tokens that open no session count by address, under the route's own budget of 60.
        const both = await startTwo({ redisUrl: isolated.url, rateLimitPerMinute: 1000 });
        const responses = await fireSplit(both, 70, (baseUrl, index) =>
          postJson(baseUrl, '/service/session-check', {}, { token: `made-up-token-${index}-xxxx` }),
        );
        expect(statuses(responses)).toEqual({ 401: 60, 429: 10 });
        const keys = await admin.keys(`${isolated.prefix}${RATE_LIMIT_NAMESPACE}POST *`);
        expect(keys).toHaveLength(1);
      });
    });
  }
});
