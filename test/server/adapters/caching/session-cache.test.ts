import { type Config } from '../../../../server/config';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { eachDatabase } from '../../../../scripts/support/databases';
import { getJson, postJson } from '../../support/http';
import { eventually, startAnotherInstance } from '../../support/instances';
import { latestSmsCode, login, registerAndLogin } from '../../support/members';
import { newPayment, paymentStatus, signOutcome } from '../../support/payments';
import { isolatedRedisUrl, redisForTests } from '../../support/redis';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(60_000);

/** The buses two instances can share: PostgreSQL's own, and Redis when it answers. */
const sharedBuses: [string, Partial<Config>][] = eachDatabase().includes('postgres')
  ? [
      ['PostgreSQL LISTEN/NOTIFY', {}],
      ...(redisForTests()
        ? // Its own prefix: its counters and channel are not shared with suites running beside it.
          [['Redis pub/sub', { redisUrl: isolatedRedisUrl().url }] as [string, Partial<Config>]]
        : []),
    ]
  : [];
const TTL_MS = 30_000;

const sessionCheck = (t: TestApp, token: string) =>
  postJson<{ name: string }>(t.baseUrl, '/service/session-check', {}, { token });
const accepted = async (t: TestApp, token: string) => (await sessionCheck(t, token)).status === 200;
const refused = async (t: TestApp, token: string) => (await sessionCheck(t, token)).status === 401;
/** Ends a session behind the stores' back: no NOTIFY, no publish (only the lifetime ends it). */
const revokeInSql = (t: TestApp, memberId: string) =>
  t.container.db.query('UPDATE sessions SET revoked_at = now() WHERE member_id = $1', [memberId]);

async function resetPassword(t: TestApp, phoneNo: string, newPassword: string): Promise<void> {
  const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
    phone_no: phoneNo,
    purpose: 'password_reset',
  });
  expect(sent.status).toBe(200);
  const tac_code = await latestSmsCode(t.baseUrl, phoneNo, 'password_reset');
  const reset = await postJson(t.baseUrl, '/service/forgot-password/reset', {
    phone_no: phoneNo,
    tac_code,
    new_password: newPassword,
  });
  expect(reset.status).toBe(200);
}

// A loop, not describe.each: without PostgreSQL there is nothing to share (eachDatabase warns).
for (const [via, bus] of sharedBuses) {
  describe(`session cache across two instances over one PostgreSQL database, via ${via}`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ database: 'postgres', config: { ...bus, readCacheTtlMs: TTL_MS } });
      b = await startAnotherInstance(a, { ...bus, readCacheTtlMs: TTL_MS });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('serves a live session from memory on both instances until the cache lifetime ends', async () => {
      const member = await registerAndLogin(a.baseUrl);
      expect(await accepted(a, member.token)).toBe(true);
      expect(await accepted(b, member.token)).toBe(true);
      await revokeInSql(a, member.user_id);
      // Without a message the cached copies live on: what the invalidations below are needed for.
      expect(await accepted(a, member.token)).toBe(true);
      expect(await accepted(b, member.token)).toBe(true);
      await a.clock.advance(TTL_MS);
      expect(await refused(a, member.token)).toBe(true);
      expect(await refused(b, member.token)).toBe(true);
    });

    it('refuses a session logged out on one instance on the other at once (the invalidation bus)', async () => {
      const member = await registerAndLogin(a.baseUrl);
      expect(await accepted(b, member.token)).toBe(true);
      expect(await accepted(b, member.token)).toBe(true);
      const out = await postJson(a.baseUrl, '/service/logout', {}, { token: member.token });
      expect(out.status).toBe(200);
      expect(await eventually(() => refused(b, member.token))).toBe(true);
      expect(await refused(a, member.token)).toBe(true);
    });

    it('refuses the other sessions after a password change on one instance, on the other at once (the invalidation bus)', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const otherDevice = await login(b.baseUrl, member);
      for (const t of [a, b]) {
        expect(await accepted(t, member.token)).toBe(true);
        expect(await accepted(t, otherDevice.token)).toBe(true);
      }
      const changed = await postJson(
        a.baseUrl,
        '/user/profile/update',
        { password: 'a brand new phrase' },
        { token: member.token },
      );
      expect(changed.status).toBe(200);
      expect(await eventually(() => refused(b, otherDevice.token))).toBe(true);
      expect(await refused(a, otherDevice.token)).toBe(true);
      expect(await accepted(b, member.token)).toBe(true);
      expect(await accepted(a, member.token)).toBe(true);
    });

    it('refuses every session after a password reset on one instance, on the other at once (the invalidation bus)', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const otherDevice = await login(b.baseUrl, member);
      expect(await accepted(b, member.token)).toBe(true);
      expect(await accepted(b, otherDevice.token)).toBe(true);
      await resetPassword(a, member.phone_no, 'a reset pass phrase');
      expect(await eventually(() => refused(b, member.token))).toBe(true);
      expect(await refused(b, otherDevice.token)).toBe(true);
    });

    it('shows a profile change made on one instance in the other’s session check at once (the invalidation bus)', async () => {
      const member = await registerAndLogin(a.baseUrl, { name: 'Old Name' });
      expect((await sessionCheck(b, member.token)).body.data?.name).toBe('Old Name');
      const changed = await postJson(
        a.baseUrl,
        '/user/profile/update',
        { name: 'New Name' },
        { token: member.token },
      );
      expect(changed.status).toBe(200);
      const renamed = async () =>
        (await sessionCheck(b, member.token)).body.data?.name === 'New Name';
      expect(await eventually(renamed)).toBe(true);
    });

    it('forgets a cached pending payment on the other instance once a callback applies it on one', async () => {
      const member = await registerAndLogin(a.baseUrl);
      const payment = await newPayment(a.baseUrl, member, '142.00');
      expect(await paymentStatus(b.baseUrl, payment.transactionId, member)).toBe('pending');
      // Now in b's memory: answered from there until the invalidation arrives.
      expect(await paymentStatus(b.baseUrl, payment.transactionId, member)).toBe('pending');
      const signer = new HmacSha256PaymentSigner(a.config.gatewaySecret);
      const message = signOutcome(signer, {
        transactionId: payment.transactionId,
        status: 'completed',
        amount: payment.amount,
        timestamp: Math.floor(a.clock.now() / 1000),
      });
      expect((await postJson(a.baseUrl, '/payment/callback', message)).status).toBe(200);
      const completed = async () =>
        (await paymentStatus(b.baseUrl, payment.transactionId, member)) === 'completed';
      expect(await eventually(completed)).toBe(true);
      // Final now, so cached: still answered, and still the owner's only.
      expect(await paymentStatus(b.baseUrl, payment.transactionId, member)).toBe('completed');
      const stranger = await registerAndLogin(a.baseUrl);
      const peek = await getJson(b.baseUrl, `/payment/status/${payment.transactionId}`, {
        token: stranger.token,
      });
      expect(peek.status).not.toBe(200);
      expect(peek.body.data).toBeUndefined();
    });
  });
}

describe.each(eachDatabase())('session cache of a single instance on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, config: { readCacheTtlMs: TTL_MS } });
  });
  afterAll(() => t?.close());

  it('caches live sessions for its lifetime, on the clock port', async () => {
    const member = await registerAndLogin(t.baseUrl);
    expect(await accepted(t, member.token)).toBe(true);
    await revokeInSql(t, member.user_id);
    expect(await accepted(t, member.token)).toBe(true);
    await t.clock.advance(TTL_MS - 1);
    expect(await accepted(t, member.token)).toBe(true);
    await t.clock.advance(1);
    expect(await refused(t, member.token)).toBe(true);
  });

  it('refuses a logged-out session on the very next check', async () => {
    const member = await registerAndLogin(t.baseUrl);
    expect(await accepted(t, member.token)).toBe(true);
    await postJson(t.baseUrl, '/service/logout', {}, { token: member.token });
    expect(await refused(t, member.token)).toBe(true);
  });

  it('refuses the other sessions right after a password change, and all after a reset', async () => {
    const member = await registerAndLogin(t.baseUrl);
    const otherDevice = await login(t.baseUrl, member);
    expect(await accepted(t, member.token)).toBe(true);
    expect(await accepted(t, otherDevice.token)).toBe(true);
    await postJson(
      t.baseUrl,
      '/user/profile/update',
      { password: 'a brand new phrase' },
      { token: member.token },
    );
    expect(await refused(t, otherDevice.token)).toBe(true);
    expect(await accepted(t, member.token)).toBe(true);
    await resetPassword(t, member.phone_no, 'a reset pass phrase');
    expect(await refused(t, member.token)).toBe(true);
  });

  it('shows a name change on the next session check', async () => {
    const member = await registerAndLogin(t.baseUrl, { name: 'Old Name' });
    expect((await sessionCheck(t, member.token)).body.data?.name).toBe('Old Name');
    await postJson(
      t.baseUrl,
      '/user/profile/update',
      { name: 'New Name' },
      { token: member.token },
    );
    expect((await sessionCheck(t, member.token)).body.data?.name).toBe('New Name');
  });

  it('expires an idle session by the clock even while it is cached', async () => {
    const member = await registerAndLogin(t.baseUrl);
    expect(await accepted(t, member.token)).toBe(true);
    await t.clock.advance(13 * 60 * 60 * 1000);
    expect(await refused(t, member.token)).toBe(true);
  });
});
