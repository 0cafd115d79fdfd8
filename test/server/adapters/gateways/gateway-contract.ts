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
import { type FaultServer, startFaultServer } from '../../support/fault-server';

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
  /** The same callback signed with another key; absent where callbacks carry no signature. */
  resign?(callback: GatewayCallbackRequest): GatewayCallbackRequest;
  /** The same callback, signed, with a time outside the replay window (replayWindow only). */
  stale?(callback: GatewayCallbackRequest): GatewayCallbackRequest;
  /** The same callback, signed, stating another currency than ringgit (currency 'stated' only). */
  foreignCurrency?(callback: GatewayCallbackRequest): GatewayCallbackRequest;
  /** The payer's return query after finishing (gateways that send one through our redirect). */
  redirectOf?(start: PaymentStart, paid: boolean): Record<string, unknown>;
  /** Sen the gateway itself refunded out of a payment (refunds `api` only). */
  refundedAt?(transactionId: string): Promise<number>;
  /** The same adapter, configured for a gateway at `baseUrl` (a fault server) with a timeout. */
  adapterAt(baseUrl: string, timeoutMs: number): PaymentGateway;
  close(): Promise<void>;
}

export const AMOUNT_SEN = 12_345;

export function aStartRequest(): PaymentStartRequest {
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
export async function openHandOff(handOff: GatewayHandOff): Promise<Response> {
  return handOff.method === 'POST'
    ? fetch(handOff.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(handOff.fields).toString(),
      })
    : fetch(handOff.url);
}

/** Our books, for a contract run without a store: every bill is one of our payments'. */
const ours = async () => true;

function outcomeOf(message: GatewayMessage): GatewayOutcome {
  if (!message.verdict.ok) {
    throw new Error(`expected a verified message, got ${JSON.stringify(message.verdict)}`);
  }
  return message.verdict.value;
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

    it('declares what it supports, and has what it declares', () => {
      const declared = harness.gateway.capabilities;
      expect(declared.statusQuery).toBe(true);
      const methods = harness.gateway as unknown as Record<string, unknown>;
      expect(typeof methods.refund === 'function').toBe(declared.refunds === 'api');
      expect(typeof methods.listBanks === 'function').toBe(declared.bankList);
      // A gateway that signs nothing must be believed only through its status query.
      expect(declared.callbackTrust === 'signature').toBe(harness.resign !== undefined);
      expect(declared.replayWindow).toBe(harness.stale !== undefined);
      // A currency field is checked by a case of its own; none is checked where none exists.
      expect(declared.currency === 'stated').toBe(harness.foreignCurrency !== undefined);
    });

    it('refuses a callback signed with another key, and one outside the replay window', async () => {
      const { request, start } = await started();
      const genuine = await harness.finish(start, request, true);
      if (harness.resign) {
        const forged = await harness.gateway.verifyCallback(harness.resign(genuine), ours);
        expect(forged.verdict).toMatchObject({ ok: false, error: { kind: 'bad_signature' } });
      }
      if (harness.stale) {
        const replayed = await harness.gateway.verifyCallback(harness.stale(genuine), ours);
        expect(replayed.verdict).toMatchObject({ ok: false, error: { kind: 'stale' } });
      }
    });

    describe('when the gateway fails', () => {
      let fault: FaultServer;
      beforeAll(async () => {
        fault = await startFaultServer();
      });
      afterAll(() => fault?.close());
      const ref = (request: PaymentStartRequest) => ({
        transactionId: request.transactionId,
        gatewayRef: 'bill1234',
      });

      it('throws on a status query answered 5xx, and on one that times out', async () => {
        const request = aStartRequest();
        fault.mode = 'error';
        await expect(
          harness.adapterAt(fault.url, 2000).queryStatus(ref(request)),
        ).rejects.toThrow();
        fault.mode = 'hang';
        const began = Date.now();
        await expect(harness.adapterAt(fault.url, 300).queryStatus(ref(request))).rejects.toThrow();
        expect(Date.now() - began).toBeLessThan(5000);
      });

      it('throws when starting a payment while the gateway is down', async () => {
        const down = await startFaultServer();
        const url = down.url;
        await down.close();
        const starting = harness.adapterAt(url, 2000).startPayment(aStartRequest());
        if (!harness.gateway.capabilities.createsAtGateway) {
          // Only a signed hand-off: the gateway is not asked until the payer's tab opens it.
          await expect(starting).resolves.toMatchObject({ gatewayRef: null });
          return;
        }
        await expect(starting).rejects.toThrow();
        fault.mode = 'error';
        await expect(
          harness.adapterAt(fault.url, 2000).startPayment(aStartRequest()),
        ).rejects.toThrow();
      });
    });

    it('verifies a genuinely signed callback of a paid payment', async () => {
      const { request, start } = await started();
      const callback = await harness.finish(start, request, true);
      const message = await harness.gateway.verifyCallback(callback, ours);
      const outcome = outcomeOf(message);
      expect(outcome.status).toBe('completed');
      expect(outcome.amountSen).toBe(AMOUNT_SEN);
      expectSamePayment(outcome, request, start);
      expect(message.payload.length).toBeGreaterThan(0);
    });

    it('never reports a payer who did not pay as completed', async () => {
      const { request, start } = await started();
      const callback = await harness.finish(start, request, false);
      const outcome = outcomeOf(await harness.gateway.verifyCallback(callback, ours));
      expect(outcome.status).toBe(harness.gateway.capabilities.unpaidAttempt);
      expectSamePayment(outcome, request, start);
    });

    it('rejects a tampered callback as a bad signature, and an unsigned one', async () => {
      const { request, start } = await started();
      const genuine = await harness.finish(start, request, true);
      const tampered = await harness.gateway.verifyCallback(harness.tamper(genuine), ours);
      expect(tampered.verdict).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'bad_signature' }),
      });
      const unsigned = await harness.gateway.verifyCallback(harness.unsign(genuine), ours);
      expect(unsigned.verdict.ok).toBe(false);
      // Rejected messages are still recorded, so they must say what was received.
      expect(unsigned.payload.length).toBeGreaterThan(0);
    });

    it('rejects a callback in another format', async () => {
      const message = await harness.gateway.verifyCallback(
        { contentType: 'text/plain', body: 'paid', headers: {} },
        ours,
      );
      expect(message.verdict).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'malformed' }),
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
