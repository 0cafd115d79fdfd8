import { LOGIN_FAILURE_RETENTION_MS } from '../../../server/domain/login-throttle-policy';
import {
  SESSION_IDLE_TTL_MS,
  SESSION_RETENTION_AFTER_END_MS,
} from '../../../server/domain/session-policy';
import { SMS_RETENTION_MS } from '../../../server/domain/sms-code-policy';
import { PurgeStaleRecordsUseCase } from '../../../server/use-cases/purge-stale-records.use-case';
import { FakeClock } from '../../fakes/fake-clock';
import { aMemberRow, inMemoryStores } from '../support/in-memory-stores';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('PurgeStaleRecordsUseCase on in-memory stores', () => {
  it('deletes what no rule reads any more, in batches, and keeps the rest', async () => {
    const stores = inMemoryStores();
    const clock = new FakeClock();
    const start = clock.now();
    const member = aMemberRow();
    await stores.members.insert(member);

    // Made at the start: stale by the time the purge runs.
    for (let i = 0; i < 3; i += 1) {
      await stores.smsCodes.insert({
        id: uuid(100 + i),
        phoneNo: '60121234567',
        purpose: 'registration',
        codeHash: 'h',
        attempts: 0,
        createdAt: new Date(start),
        expiresAt: new Date(start + 300_000),
        consumedAt: null,
      });
      await stores.smsCodes.recordRequest({
        id: uuid(200 + i),
        phoneNo: '60121234567',
        purpose: 'registration',
        clientAddress: '203.0.113.7',
        requestedAt: new Date(start),
      });
      await stores.loginFailures.record({
        id: uuid(300 + i),
        accountKey: 'A1',
        at: new Date(start),
      });
    }
    await stores.sessions.create({
      id: uuid(400),
      memberId: member.id,
      tokenHash: 'old',
      now: new Date(start),
    });

    await clock.advance(SESSION_IDLE_TTL_MS + SESSION_RETENTION_AFTER_END_MS + 1);
    expect(clock.now() - start).toBeGreaterThan(
      Math.max(SMS_RETENTION_MS + 300_000, LOGIN_FAILURE_RETENTION_MS),
    );
    // Made just now: every rule may still read these.
    await stores.smsCodes.recordRequest({
      id: uuid(210),
      phoneNo: '60121234567',
      purpose: 'registration',
      clientAddress: '203.0.113.7',
      requestedAt: new Date(clock.now()),
    });
    await stores.loginFailures.record({
      id: uuid(310),
      accountKey: 'A1',
      at: new Date(clock.now()),
    });
    await stores.sessions.create({
      id: uuid(410),
      memberId: member.id,
      tokenHash: 'new',
      now: new Date(clock.now()),
    });

    const purge = new PurgeStaleRecordsUseCase(
      stores.smsCodes,
      stores.loginFailures,
      stores.sessions,
      clock,
      2,
    );
    expect(await purge.execute()).toEqual({
      smsCodes: 3,
      smsRequests: 3,
      loginFailures: 3,
      sessions: 1,
    });
    expect(await stores.smsCodes.latest('60121234567', 'registration')).toBeNull();
    expect(await stores.smsCodes.lastRequestAt('60121234567', 'registration')).toEqual(
      new Date(clock.now()),
    );
    expect(await stores.loginFailures.failuresSince('A1', new Date(0))).toEqual([
      new Date(clock.now()),
    ]);
    expect(await stores.sessions.findByTokenHash('old')).toBeNull();
    expect(await stores.sessions.findByTokenHash('new')).not.toBeNull();

    expect(await purge.execute()).toEqual({
      smsCodes: 0,
      smsRequests: 0,
      loginFailures: 0,
      sessions: 0,
    });
  });
});
