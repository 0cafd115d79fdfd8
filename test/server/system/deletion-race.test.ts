import { ApiPaths } from '../../../src/contract/api';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { startAnotherInstance } from '../support/instances';
import { login, type LoggedInMember, registerAndLogin } from '../support/members';
import { newPayment, requestPayment, signOutcome } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';

const HOOK_TIMEOUT_MS = 60_000;
jest.setTimeout(120_000);

/** Trials per run: the old code left sessions or personal data behind in every one of them. */
const TRIALS = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Delete my account" on one instance while the other keeps receiving the member's logins (right
 * password), name and phone changes, payment creations (with sessions opened before) and gateway
 * callbacks, every few milliseconds. Once the deletion has answered and the requests in flight
 * have settled: no session of the member is left or works on either instance, the row names no
 * one, the old password logs no one in, the gateway's messages keep no body, and nothing
 * answered 500.
 */
for (const database of eachDatabase().filter((name) => name === 'postgres')) {
  describe(`deletion racing the member's other requests on two instances over ${database}`, () => {
    let a: TestApp;
    let b: TestApp;
    let signer: HmacSha256PaymentSigner;
    beforeAll(async () => {
      a = await startTestApp({ database, config: { readCacheTtlMs: 30_000 } });
      b = await startAnotherInstance(a, { readCacheTtlMs: 30_000 });
      signer = new HmacSha256PaymentSigner(a.config.gatewaySecret);
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    }, HOOK_TIMEOUT_MS);

    /** Sends one kind of request for the member until `running()` is false; returns statuses. */
    async function keepSending(
      running: () => boolean,
      send: () => Promise<{ status: number; token?: string }>,
      tokens: string[],
    ): Promise<number[]> {
      const statuses: number[] = [];
      while (running()) {
        const answer = await send();
        statuses.push(answer.status);
        if (answer.token !== undefined) tokens.push(answer.token);
        await pause(2);
      }
      return statuses;
    }

    async function trial(): Promise<void> {
      const member = await registerAndLogin(a.baseUrl);
      const onB: LoggedInMember = await login(b.baseUrl, member);
      const tokens = [member.token, onB.token, (await login(b.baseUrl, member)).token];
      const pending = await newPayment(b.baseUrl, onB);
      const as = (token: string) => ({ token });

      let running = true;
      const storm = Promise.all([
        keepSending(
          () => running,
          async () => {
            const res = await postJson<{ token: string }>(b.baseUrl, ApiPaths.login, {
              ic_or_passport: member.ic_or_passport,
              password: member.password,
            });
            return { status: res.status, token: res.body.data?.token };
          },
          tokens,
        ),
        keepSending(
          () => running,
          async () => {
            const body =
              Math.random() < 0.5 ? { name: member.name } : { phone_no: member.phone_no };
            return postJson(b.baseUrl, ApiPaths.updateProfile, body, as(onB.token));
          },
          tokens,
        ),
        keepSending(
          () => running,
          () => requestPayment(b.baseUrl, onB, { amount: '88.00', payment_method: 'qr' }),
          tokens,
        ),
        keepSending(
          () => running,
          () =>
            postJson(
              b.baseUrl,
              ApiPaths.paymentCallback,
              signOutcome(signer, {
                transactionId: pending.transactionId,
                status: 'completed',
                amount: pending.amount,
                timestamp: Math.floor(b.clock.now() / 1000),
              }),
            ),
          tokens,
        ),
      ]);
      await pause(40);
      const deleted = await postJson(
        a.baseUrl,
        ApiPaths.deleteAccount,
        { password: member.password, confirmation: 'DELETE' },
        as(member.token),
      );
      await pause(60);
      running = false;
      const statuses = (await storm).flat();

      expect(deleted.status).toBe(200);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      const db = a.container.db;
      const sessions = await db.query('SELECT id FROM sessions WHERE member_id = $1', [
        member.user_id,
      ]);
      expect(sessions).toEqual([]);
      const [row] = await db.query<{ name: string; phone_no: string; ic_or_passport: string }>(
        'SELECT name, phone_no, ic_or_passport FROM members WHERE id = $1',
        [member.user_id],
      );
      expect(row).toEqual({
        name: 'Deleted member',
        phone_no: `erased:${member.user_id}`,
        ic_or_passport: `erased:${member.user_id}`,
      });
      const bodies = await db.query<{ payload: string }>(
        'SELECT payload FROM payment_callbacks WHERE transaction_id = $1',
        [pending.transactionId],
      );
      expect(bodies.filter((one) => one.payload !== '')).toEqual([]);
      for (const token of tokens) {
        for (const instance of [a, b]) {
          const check = await postJson(instance.baseUrl, ApiPaths.sessionCheck, {}, as(token));
          expect(check.status).toBe(401);
        }
      }
      const again = await postJson(b.baseUrl, ApiPaths.login, {
        ic_or_passport: member.ic_or_passport,
        password: member.password,
      });
      expect(again.status).not.toBe(200);
    }

    it(`leaves nothing of the member behind, ${TRIALS} trials in a row`, async () => {
      for (let n = 0; n < TRIALS; n += 1) await trial();
    });
  });
}
