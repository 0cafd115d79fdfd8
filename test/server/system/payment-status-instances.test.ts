import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { eventually } from '../support/instances';
import { registerAndLogin } from '../support/members';
import { newPayment, paymentStatus, signOutcome } from '../support/payments';
import { twoServerProcesses } from '../support/two-processes';

jest.setTimeout(120_000);

const SECRET = 'payment-status-instances-secret-0123456789';
/** Each test's bound: well under the cache's lifetime, so only the invalidation can pass it. */
const POLL_BOUND_MS = 30_000;
const onPostgres = eachDatabase().includes('postgres');

/**
 * Two server processes over one PostgreSQL database, each answering a pending payment's polls
 * from its own memory: a callback applied on one must reach the other's cache through the
 * invalidation bus (LISTEN/NOTIFY here), or the member's tab would show "pending" until the
 * cache's lifetime ends (READ_CACHE_TTL_MS, 60 s here, twice the test's timeout). The poll is
 * repeated until it changes; the test's timeout is the bound, `npm run bench` gives the speed.
 */
(onPostgres ? describe : describe.skip)(
  'a pending payment’s status across two server processes',
  () => {
    const { servers } = twoServerProcesses({
      GATEWAY_SECRET: SECRET,
      // Its longest: without the bus, the poll would only change after it, beyond the test's bound.
      READ_CACHE_TTL_MS: '60000',
    });

    it.each(['completed', 'failed'] as const)(
      'shows a payment %s by a callback on instance 1 to a poll on instance 2',
      async (outcome) => {
        const [one, two] = servers.map((server) => server.baseUrl);
        const member = await registerAndLogin(one);
        const payment = await newPayment(one, member, '88.10');
        // Both instances have read it pending, and keep it in memory.
        for (const baseUrl of [one, two, two]) {
          expect(await paymentStatus(baseUrl, payment.payment_id, member)).toBe('pending');
        }
        const message = signOutcome(new HmacSha256PaymentSigner(SECRET), {
          transactionId: payment.payment_id,
          status: outcome,
          amount: '88.10',
          timestamp: Math.floor(Date.now() / 1000),
        });
        expect((await postJson(one, '/payment/callback', message)).status).toBe(200);
        const seen = async () => (await paymentStatus(two, payment.payment_id, member)) === outcome;
        expect(await eventually(seen)).toBe(true);
        expect(await paymentStatus(one, payment.payment_id, member)).toBe(outcome);
      },
      POLL_BOUND_MS,
    );
  },
);
