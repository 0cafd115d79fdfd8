import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import {
  handOffCanonical,
  type GatewayOutcomeMessage,
} from '../../../src/contract/sandbox-gateway';
import { postJson } from '../support/http';
import { registerAndLogin, type LoggedInMember } from '../support/members';
import { newPayment, paymentStatus, signOutcome } from '../support/payments';
import { startTestApp, type TestApp } from '../support/test-app';

const NEW_SECRET = 'the-new-gateway-secret-0123456789abcdef';
const OLD_SECRET = 'the-old-gateway-secret-0123456789abcdef';
const METRIC = 'payment_gateway_previous_secret_accepted_total';

/** A rotation in progress: GATEWAY_SECRET is the new one, GATEWAY_SECRET_PREVIOUS the old. */
describe('GATEWAY_SECRET_PREVIOUS: a gateway secret rotated without refusing messages in flight', () => {
  let t: TestApp;
  let alice: LoggedInMember;
  const newSigner = new HmacSha256PaymentSigner(NEW_SECRET);
  const oldSigner = new HmacSha256PaymentSigner(OLD_SECRET);

  beforeAll(async () => {
    t = await startTestApp({
      database: 'pglite',
      config: { gatewaySecret: NEW_SECRET, gatewaySecretPrevious: OLD_SECRET },
    });
    alice = await registerAndLogin(t.baseUrl, { name: 'Alice Tan' });
  });
  afterAll(() => t?.close());

  const outcome = (
    signer: HmacSha256PaymentSigner,
    p: { transactionId: string; amount: string },
  ): GatewayOutcomeMessage & { signature: string } =>
    signOutcome(signer, {
      transactionId: p.transactionId,
      status: 'completed',
      amount: p.amount,
      timestamp: Math.floor(t.clock.now() / 1000),
    });

  const callback = (body: unknown) => postJson(t.baseUrl, '/payment/callback', body);

  /** The counter's value as a scrape reads it. */
  const acceptedOnPrevious = async () => {
    const { body } = await t.container.metrics.scrape();
    const line = body.split('\n').find((l) => l.startsWith(`${METRIC} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  it('signs the hand-off with the new secret only', async () => {
    const p = await newPayment(t.baseUrl, alice);
    expect(newSigner.verify(handOffCanonical(p), p.hashVal)).toBe(true);
    expect(oldSigner.verify(handOffCanonical(p), p.hashVal)).toBe(false);
  });

  it('accepts a callback on the new secret without counting it', async () => {
    const before = await acceptedOnPrevious();
    expect(before).toBe(0);
    const p = await newPayment(t.baseUrl, alice);
    expect((await callback(outcome(newSigner, p))).status).toBe(200);
    expect(await paymentStatus(t.baseUrl, p.transactionId, alice)).toBe('completed');
    expect(await acceptedOnPrevious()).toBe(before);
  });

  it('accepts a callback on the previous secret and counts it', async () => {
    const before = (await acceptedOnPrevious()) ?? NaN;
    const p = await newPayment(t.baseUrl, alice);
    expect((await callback(outcome(oldSigner, p))).status).toBe(200);
    expect(await paymentStatus(t.baseUrl, p.transactionId, alice)).toBe('completed');
    expect(await acceptedOnPrevious()).toBe(before + 1);
  });

  it('still refuses a callback on any other secret, and counts nothing', async () => {
    const before = await acceptedOnPrevious();
    const p = await newPayment(t.baseUrl, alice);
    const forger = new HmacSha256PaymentSigner('a-third-secret-0123456789abcdef012345');
    expect((await callback(outcome(forger, p))).status).toBe(401);
    expect(await paymentStatus(t.baseUrl, p.transactionId, alice)).toBe('pending');
    expect(await acceptedOnPrevious()).toBe(before);
  });
});
