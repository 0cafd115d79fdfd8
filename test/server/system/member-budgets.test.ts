import { Redis } from 'ioredis';
import { RATE_LIMIT_NAMESPACE } from '../../../server/http/shared-rate-limit';
import { ApiPaths } from '../../../src/contract/api';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, login, registerMember } from '../support/members';
import { isolatedRedisUrl, redisForTests, TEST_REDIS_URL } from '../support/redis';
import { type Instances, startInstances } from '../support/second-instance';

jest.setTimeout(60_000);

const SESSIONS = 10;
/** The data download's budget: calls a minute per member (personal-data.routes.ts). */
const DOWNLOADS_PER_MEMBER = 5;

const runs = eachDatabase().includes('postgres') && redisForTests();

(runs ? describe : describe.skip)(
  `a member's budget over two instances on PostgreSQL, through Redis (${TEST_REDIS_URL})`,
  () => {
    let started: Instances | undefined;
    let isolated: { url: string; prefix: string };
    let admin: Redis;
    beforeAll(() => {
      admin = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterEach(async () => {
      await started?.close();
      started = undefined;
      const keys = await admin.keys(`${isolated.prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
    });
    afterAll(() => admin.quit());

    it(`holds ${SESSIONS} sessions of one member, split over both instances, to ${DOWNLOADS_PER_MEMBER} downloads a minute in all`, async () => {
      isolated = isolatedRedisUrl();
      started = await startInstances('postgres', { config: { redisUrl: isolated.url } });
      const [one, two] = started.instances;
      const member = await registerMember(one.baseUrl, aMember());
      const sessions = [];
      for (let i = 0; i < SESSIONS; i += 1) {
        sessions.push(await login((i % 2 === 0 ? one : two).baseUrl, member));
      }

      const answers = await Promise.all(
        sessions.map((session, i) =>
          getJson((i % 2 === 0 ? two : one).baseUrl, ApiPaths.personalData, {
            token: session.token,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([
        ...Array<number>(DOWNLOADS_PER_MEMBER).fill(200),
        ...Array<number>(SESSIONS - DOWNLOADS_PER_MEMBER).fill(429),
      ]);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.body.code).toBe('RATE_LIMITED');
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      // One counter for the member on that route, in Redis under the app's namespace.
      const keys = await admin.keys(`${isolated.prefix}${RATE_LIMIT_NAMESPACE}GET *member:*`);
      expect(keys).toHaveLength(1);

      // Another member, on either instance, has a budget of its own.
      const other = await login(two.baseUrl, await registerMember(one.baseUrl, aMember()));
      const theirs = await getJson(one.baseUrl, ApiPaths.personalData, { token: other.token });
      expect(theirs.status).toBe(200);
      // And a deletion attempt is counted apart from the downloads.
      const deletion = await postJson(
        two.baseUrl,
        ApiPaths.deleteAccount,
        { confirmation: 'NO' },
        { token: sessions[0].token },
      );
      expect(deletion.body.code).not.toBe('RATE_LIMITED');
    });
  },
);
