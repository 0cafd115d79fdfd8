import { SandboxGatewayAdapter } from '../../../../server/adapters/gateways/sandbox-gateway.adapter';
import { HmacSha256PaymentSigner } from '../../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { InMemoryGatewayStatusClient } from '../../../../server/adapters/in-memory/in-memory-gateway-status-client.adapter';
import {
  refundAnswerCanonical,
  refundRequestCanonical,
  type RefundAnswerMessage,
  type RefundRequestMessage,
} from '../../../../src/contract/sandbox-gateway';
import { FakeClock } from '../../../fakes/fake-clock';

const SECRET = 'sandbox-refund-test-secret-0123456789';
const signer = new HmacSha256PaymentSigner(SECRET);
const REQUEST = {
  transactionId: 'TXN20260101ABCDEF',
  gatewayRef: null,
  refundId: '3f0e7c1a-0000-4000-8000-000000000001',
  amountSen: 1_050,
};

interface Sent {
  url: string;
  init: RequestInit;
}

/** The adapter over a fetch that answers `respond(body sent)` and records what it was sent. */
function adapterAnswering(respond: (sent: RefundRequestMessage) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return respond(JSON.parse(init.body as string) as RefundRequestMessage);
  }) as unknown as typeof fetch;
  const clock = new FakeClock();
  const adapter = new SandboxGatewayAdapter(
    () => ({ payUrl: 'http://sandbox.test/gw/pay', clientId: 'member-portal' }),
    signer,
    clock,
    new InMemoryGatewayStatusClient(),
    fetchFn,
    1000,
  );
  return { adapter, sent, clock };
}

const answer = (sent: RefundRequestMessage, change: Partial<RefundAnswerMessage> = {}) => {
  const message: RefundAnswerMessage = {
    transactionId: sent.transactionId,
    refundId: sent.refundId,
    status: 'refunded',
    amount: sent.amount,
    refundRef: 'RF0123456789ABCDEF',
    reason: '',
    ...change,
  };
  return { ...message, signature: signer.sign(refundAnswerCanonical(message)) };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('sandbox gateway adapter: refund()', () => {
  it('declares refunds through the API', () => {
    expect(adapterAnswering(() => json({})).adapter.capabilities.refunds).toBe('api');
  });

  it('posts the refund signed, beside the payment page, and reads the signed answer', async () => {
    const { adapter, sent, clock } = adapterAnswering((body) => json(answer(body)));
    const result = await adapter.refund(REQUEST);
    expect(result).toEqual({ kind: 'refunded', gatewayRefundRef: 'RF0123456789ABCDEF' });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('http://sandbox.test/gw/refunds');
    expect(sent[0].init.method).toBe('POST');
    const body = JSON.parse(sent[0].init.body as string) as RefundRequestMessage & {
      signature: string;
    };
    const { signature, ...message } = body;
    expect(message).toEqual({
      clientId: 'member-portal',
      transactionId: REQUEST.transactionId,
      refundId: REQUEST.refundId,
      amount: '10.50',
      timestamp: Math.floor(clock.now() / 1000),
    });
    expect(signer.verify(refundRequestCanonical(message), signature)).toBe(true);
  });

  it('answers failed with the gateway reason', async () => {
    const { adapter } = adapterAnswering((body) =>
      json(answer(body, { status: 'failed', refundRef: '', reason: 'exceeds_refundable' })),
    );
    expect(await adapter.refund(REQUEST)).toEqual({ kind: 'failed', reason: 'exceeds_refundable' });
  });

  const nonsense: [string, (sent: RefundRequestMessage) => Response | Promise<Response>][] = [
    ['a refusal (401)', () => json({ error: 'unauthorized' }, 401)],
    ['a server error (500)', () => json({ error: 'internal' }, 500)],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
    ['an unsigned answer', (body) => json({ ...answer(body), signature: undefined })],
    [
      'an answer signed with another key',
      (body) => json({ ...answer(body), signature: 'ab'.repeat(32) }),
    ],
    ['an answer about another refund', (body) => json(answer({ ...body, refundId: 'other' }))],
    ['an answer for another amount', (body) => json(answer({ ...body, amount: '99.00' }))],
    ['refunded without a reference', (body) => json(answer(body, { refundRef: '' }))],
    ['a status it does not know', (body) => json(answer(body, { status: 'done' as 'failed' }))],
    ['no connection', () => Promise.reject(new TypeError('fetch failed'))],
  ];
  it.each(nonsense)('answers unavailable, never throwing, for %s', async (_name, respond) => {
    const { adapter } = adapterAnswering(respond);
    expect(await adapter.refund(REQUEST)).toEqual({
      kind: 'unavailable',
      reason: expect.any(String),
    });
  });
});
