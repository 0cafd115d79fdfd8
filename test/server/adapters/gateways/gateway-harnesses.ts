import { DEFAULT_GATEWAY_TIMEOUT_MS } from '../../../../server/adapters/gateways/bill-gateway';
import { BillplzGatewayAdapter } from '../../../../server/adapters/gateways/billplz-gateway.adapter';
import { SandboxGatewayAdapter } from '../../../../server/adapters/gateways/sandbox-gateway.adapter';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { HttpGatewayStatusClient } from '../../../../server/adapters/payments/http-gateway-status-client.adapter';
import { SystemClock } from '../../../../src/contract/clock';
import {
  type GatewayCallbackRequest,
  type PaymentGateway,
} from '../../../../server/ports/payment-gateway.port';
import { FakeBillplz } from '../../support/fake-billplz';
import { FakeToyyibPay } from '../../support/fake-toyyibpay';
import { ToyyibPayGatewayAdapter } from '../../../../server/adapters/gateways/toyyibpay-gateway.adapter';
import { billplzSign } from '../../../../server/adapters/gateways/billplz-signature';
import {
  gatewayOutcomeCanonical,
  type GatewayOutcomeMessage,
} from '../../../../src/contract/sandbox-gateway';
import { type GatewayHarness } from './gateway-contract';
import { startSandboxThread } from './sandbox-gateway-thread';

const SECRET = 'contract-test-gateway-secret-0123456789';
const OTHER_SECRET = 'another-gateway-secret-0123456789abcdef';

/** A return query's parameters as the route's query parser gives them. */
const redirectParams = (query: string): Record<string, unknown> =>
  Object.fromEntries(new URLSearchParams(query));
const FORM = 'application/x-www-form-urlencoded';
/**
 * Bill reads not spaced out: these suites read one bill again right after paying it, on purpose;
 * the spacing itself is tested over HTTP (toyyibpay-callback-costs.test.ts).
 */
const UNSPACED = 0;

/** Each adapter against a simulator of its gateway over real HTTP, for the conformance suites. */
export const HARNESSES: Record<string, () => Promise<GatewayHarness>> = {};

HARNESSES.sandbox = async (): Promise<GatewayHarness> => {
  // The sandbox gateway app itself, on its own port and thread; its callbacks are caught instead
  // of sent.
  const sandbox = await startSandboxThread(SECRET);
  const origin = sandbox.origin;
  const adapterAt = (baseUrl: string, timeoutMs?: number) =>
    new SandboxGatewayAdapter(
      () => ({ payUrl: `${baseUrl}/pay`, clientId: 'member-portal' }),
      new HmacSha256PaymentSigner(SECRET),
      new SystemClock(),
      new HttpGatewayStatusClient(() => `${baseUrl}/status`, timeoutMs),
      fetch,
      timeoutMs,
    );
  const gateway = adapterAt(origin);
  const json = (body: Record<string, unknown>): GatewayCallbackRequest => ({
    contentType: 'application/json',
    body,
    headers: {},
  });
  const bodyOf = (callback: GatewayCallbackRequest) => callback.body as Record<string, unknown>;
  /** The message's fields signed again with `secret` (the sandbox's scheme). */
  const signed = (body: Record<string, unknown>, secret = SECRET) => {
    const message = body as unknown as GatewayOutcomeMessage;
    const signature = new HmacSha256PaymentSigner(secret).sign(gatewayOutcomeCanonical(message));
    return { ...body, signature };
  };
  return {
    gateway,
    origin,
    // The payer's tab: the hand-off page, then one of its two buttons.
    finish: async (start, request, paid) => {
      const page = await fetch(start.handOff.url, {
        method: 'POST',
        headers: { 'Content-Type': FORM },
        body: new URLSearchParams(start.handOff.fields).toString(),
      });
      const session = /name="session" value="([^"]+)"/.exec(await page.text())?.[1];
      if (session === undefined) throw new Error('the payment page has no decision form');
      const id = request.transactionId;
      sandbox.forget(id);
      const decided = await fetch(`${origin}/pay/${id}/${paid ? 'approve' : 'decline'}`, {
        method: 'POST',
        headers: { 'Content-Type': FORM },
        body: new URLSearchParams({ session }).toString(),
        redirect: 'manual',
      });
      expect(decided.status).toBe(303);
      const sent = await sandbox.callbackOf(id);
      if (sent === undefined) throw new Error('the sandbox sent no callback');
      return json(JSON.parse(sent) as Record<string, unknown>);
    },
    tamper: (callback) => json({ ...bodyOf(callback), amount: '1.00' }),
    unsign: (callback) => {
      const { signature: _dropped, ...unsigned } = bodyOf(callback);
      return json(unsigned);
    },
    resign: (callback) => json(signed(bodyOf(callback), OTHER_SECRET)),
    stale: (callback) =>
      json(signed({ ...bodyOf(callback), timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    refundedAt: (transactionId) => sandbox.refundedOf(transactionId),
    adapterAt,
    close: () => sandbox.close(),
  };
};

/** What a bill simulator (Billplz's, ToyyibPay's) does when the payer finishes. */
interface BillSimulator {
  url: string;
  pay(ref: string, paid: boolean): { callbackBody: string; redirectQuery: string };
  close(): Promise<void>;
}

/**
 * The harness of a gateway whose payment is a bill at its simulator and whose callbacks are
 * forms (Billplz, ToyyibPay): the forgeries are edits of the form's fields.
 */
function billHarness(parts: {
  gateway: PaymentGateway;
  fake: BillSimulator;
  tamper: (params: URLSearchParams) => void;
  unsign: (params: URLSearchParams) => void;
  resign?: (params: URLSearchParams) => void;
  adapterAt: GatewayHarness['adapterAt'];
}): GatewayHarness {
  const { gateway, fake, resign } = parts;
  const form = (body: string): GatewayCallbackRequest => ({ contentType: FORM, body, headers: {} });
  const edit = (callback: GatewayCallbackRequest, change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(callback.body as string);
    change(params);
    return form(params.toString());
  };
  return {
    gateway,
    origin: fake.url,
    finish: async (start, _request, paid) => {
      if (start.gatewayRef === null) throw new Error(`a ${gateway.name} payment is a bill`);
      return form(fake.pay(start.gatewayRef, paid).callbackBody);
    },
    tamper: (callback) => edit(callback, parts.tamper),
    unsign: (callback) => edit(callback, parts.unsign),
    ...(resign ? { resign: (callback) => edit(callback, resign) } : {}),
    redirectOf: (start, paid) =>
      redirectParams(fake.pay(start.gatewayRef ?? '', paid).redirectQuery),
    adapterAt: parts.adapterAt,
    close: () => fake.close(),
  };
}

HARNESSES.billplz = async (): Promise<GatewayHarness> => {
  const keys = { apiKey: 'test-api-key', collectionId: 'inbmmepb', xSignatureKey: 'S-contract' };
  const fake = await new FakeBillplz(keys).start();
  return billHarness({
    gateway: new BillplzGatewayAdapter(
      { ...keys, baseUrl: fake.url },
      fetch,
      DEFAULT_GATEWAY_TIMEOUT_MS,
      UNSPACED,
    ),
    fake,
    tamper: (params) => params.set('amount', '100'),
    unsign: (params) => params.delete('x_signature'),
    resign: (params) => {
      params.delete('x_signature');
      params.set('x_signature', billplzSign(Object.fromEntries(params), 'S-another-key'));
    },
    adapterAt: (baseUrl, timeoutMs) =>
      new BillplzGatewayAdapter({ ...keys, baseUrl }, fetch, timeoutMs, UNSPACED),
  });
};

HARNESSES.toyyibpay = async (): Promise<GatewayHarness> => {
  const keys = { userSecretKey: 'ts-contract-secret', categoryCode: 'cat12345' };
  const fake = await new FakeToyyibPay(keys).start();
  return billHarness({
    gateway: new ToyyibPayGatewayAdapter(
      { ...keys, baseUrl: fake.url },
      fetch,
      DEFAULT_GATEWAY_TIMEOUT_MS,
      UNSPACED,
    ),
    fake,
    // Unsigned: a changed amount is caught by the status query, which does not confirm it.
    tamper: (params) => params.set('amount', '1.00'),
    unsign: (params) => params.delete('billcode'),
    adapterAt: (baseUrl, timeoutMs) =>
      new ToyyibPayGatewayAdapter({ ...keys, baseUrl }, fetch, timeoutMs, UNSPACED),
  });
};
