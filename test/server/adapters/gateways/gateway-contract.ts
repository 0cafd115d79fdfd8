import { randomBytes } from 'node:crypto';
import { generateTransactionId } from '../../../../server/domain/transaction';
import {
  type GatewayCallbackRequest,
  type GatewayMessage,
  type GatewayOutcome,
  type PaymentGateway,
  type PaymentStart,
  type PaymentStartRequest,
} from '../../../../server/ports/payment-gateway.port';
import { type GatewayHandOff } from '../../../../src/contract/payment';

/** One gateway adapter wired to a gateway (real app, local fake or stub) for the contract. */
export interface GatewayHarness {
  gateway: PaymentGateway;
  /** The origin the member's browser is handed to. */
  origin: string;
  /** The payer finished on the payment page; answers the callback the gateway then sends. */
  finish(
    start: PaymentStart,
    request: PaymentStartRequest,
    paid: boolean,
  ): Promise<GatewayCallbackRequest>;
  /** The same callback with its amount changed and its signature kept. */
  tamper(callback: GatewayCallbackRequest): GatewayCallbackRequest;
  /** The same callback without its signature. */
  unsign(callback: GatewayCallbackRequest): GatewayCallbackRequest;
  /** What a payer who did not pay leaves: a final `failed` (sandbox) or a bill still due (Billplz). */
  unpaidStatus: 'failed' | 'pending';
  close(): Promise<void>;
}

const AMOUNT_SEN = 12_345;

function aStartRequest(): PaymentStartRequest {
  const transactionId = generateTransactionId((size) => randomBytes(size));
  return {
    transactionId,
    amountSen: AMOUNT_SEN,
    paymentMethod: 'qr',
    customer: { name: 'Alice Tan', mobile: '60123456789', email: '' },
    returnUrl: `http://portal.test/return?transactionId=${transactionId}`,
    callbackUrl: 'http://portal.test/api/payment/callback',
    redirectUrl: 'http://portal.test/api/payment/redirect',
    existingRef: null,
  };
}

/** The browser's part of a hand-off: a form POST of the fields, or a plain GET. */
async function openHandOff(handOff: GatewayHandOff): Promise<Response> {
  return handOff.method === 'POST'
    ? fetch(handOff.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(handOff.fields).toString(),
      })
    : fetch(handOff.url);
}

function outcomeOf(message: GatewayMessage): GatewayOutcome {
  if (!message.verdict.ok) {
    throw new Error(`expected a verified message, got ${JSON.stringify(message.verdict)}`);
  }
  return message.verdict.outcome;
}

/** Names the started payment: by our id, or by the gateway's own reference. */
function expectSamePayment(
  outcome: GatewayOutcome,
  request: PaymentStartRequest,
  start: PaymentStart,
) {
  const byOurId = outcome.transactionId === request.transactionId;
  const byRef = start.gatewayRef !== null && outcome.gatewayRef === start.gatewayRef;
  expect(byOurId || byRef).toBe(true);
}

/**
 * What every payment gateway adapter must do, whatever the gateway: hand the payer to a page
 * that accepts the hand-off, verify a genuinely signed callback, refuse a tampered or unsigned
 * one, and answer a status query for a paid, an unpaid and an unknown payment.
 */
export function gatewayContract(name: string, setUp: () => Promise<GatewayHarness>): void {
  describe(`${name} gateway adapter contract`, () => {
    let harness: GatewayHarness;
    beforeAll(async () => {
      harness = await setUp();
    });
    afterAll(() => harness?.close());

    const started = async () => {
      const request = aStartRequest();
      const start = await harness.gateway.startPayment(request);
      const page = await openHandOff(start.handOff);
      expect(page.status).toBe(200);
      await page.body?.cancel();
      return { request, start };
    };

    it('hands the payer to its payment page, which accepts the hand-off', async () => {
      const { start } = await started();
      expect(new URL(start.handOff.url).origin).toBe(harness.origin);
      expect(['POST', 'GET']).toContain(start.handOff.method);
      for (const value of Object.values(start.handOff.fields)) expect(typeof value).toBe('string');
    });

    it('hands a repeated start with the stored reference to the same payment', async () => {
      const { request, start } = await started();
      const again = await harness.gateway.startPayment({
        ...request,
        existingRef: start.gatewayRef,
      });
      expect(again).toEqual(start);
    });

    it('verifies a genuinely signed callback of a paid payment', async () => {
      const { request, start } = await started();
      const callback = await harness.finish(start, request, true);
      const message = await harness.gateway.verifyCallback(callback);
      const outcome = outcomeOf(message);
      expect(outcome.status).toBe('completed');
      expect(outcome.amountSen).toBe(AMOUNT_SEN);
      expectSamePayment(outcome, request, start);
      expect(message.payload.length).toBeGreaterThan(0);
    });

    it('never reports a payer who did not pay as completed', async () => {
      const { request, start } = await started();
      const callback = await harness.finish(start, request, false);
      const outcome = outcomeOf(await harness.gateway.verifyCallback(callback));
      expect(outcome.status).toBe(harness.unpaidStatus);
      expectSamePayment(outcome, request, start);
    });

    it('rejects a tampered callback as a bad signature, and an unsigned one', async () => {
      const { request, start } = await started();
      const genuine = await harness.finish(start, request, true);
      const tampered = await harness.gateway.verifyCallback(harness.tamper(genuine));
      expect(tampered.verdict).toEqual({
        ok: false,
        rejection: expect.objectContaining({ kind: 'bad_signature' }),
      });
      const unsigned = await harness.gateway.verifyCallback(harness.unsign(genuine));
      expect(unsigned.verdict.ok).toBe(false);
      // Rejected messages are still recorded, so they must say what was received.
      expect(unsigned.payload.length).toBeGreaterThan(0);
    });

    it('rejects a callback in another format', async () => {
      const message = await harness.gateway.verifyCallback({
        contentType: 'text/plain',
        body: 'paid',
        headers: {},
      });
      expect(message.verdict).toEqual({
        ok: false,
        rejection: expect.objectContaining({ kind: 'malformed' }),
      });
    });

    it('answers a status query: unpaid, paid, unknown', async () => {
      const { request, start } = await started();
      const ref = { transactionId: request.transactionId, gatewayRef: start.gatewayRef };
      const before = await harness.gateway.queryStatus(ref);
      if (before.kind !== 'found') throw new Error('the gateway should know a started payment');
      expect(outcomeOf(before.message).status).toBe('pending');

      await harness.finish(start, request, true);
      const after = await harness.gateway.queryStatus(ref);
      if (after.kind !== 'found') throw new Error('the gateway should know a paid payment');
      const outcome = outcomeOf(after.message);
      expect(outcome.status).toBe('completed');
      expect(outcome.amountSen).toBe(AMOUNT_SEN);
      expectSamePayment(outcome, request, start);

      const unknown = aStartRequest();
      expect(
        await harness.gateway.queryStatus({
          transactionId: unknown.transactionId,
          gatewayRef: null,
        }),
      ).toEqual({ kind: 'not_found' });
    });
  });
}
