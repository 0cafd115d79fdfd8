import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildSandboxGateway } from '../../../sandbox-gateway/app';
import { SandboxPaymentStore } from '../../../sandbox-gateway/sandbox-payment-store';
import { SandboxRefundStore } from '../../../sandbox-gateway/sandbox-refund-store';
import { type HandOffFields } from '../../../src/contract/sandbox-gateway';
import { FakeClock } from '../../fakes/fake-clock';
import { FakeMerchant, sandboxConfig, sessionOf, signedForm } from './sandbox';

/** A sandbox gateway app driven by app.inject(), on a fake clock, calling back a fake merchant. */
export interface InjectedGateway {
  app: FastifyInstance;
  clock: FakeClock;
  merchant: FakeMerchant;
  store: SandboxPaymentStore;
  refunds: SandboxRefundStore;
  /** POSTs a hand-off form to /pay as the payer's browser does. */
  postForm(form: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Opens the payment page for signed fields and answers the tab's session token. */
  open(fields: HandOffFields): Promise<string>;
  decide(
    transactionId: string,
    decision: 'approve' | 'decline',
    session: string,
  ): Promise<LightMyRequestResponse>;
  expectErrorPage(res: LightMyRequestResponse, status: number, title: string): void;
}

/**
 * A fresh gateway for each test (closed after it). Its app, clock, merchant and stores are set by
 * `beforeEach`: read them inside tests, not while declaring them.
 */
export function injectedGatewayPerTest(): InjectedGateway {
  // Drawing QR codes is slow on a busy machine (suites run in parallel).
  jest.setTimeout(30_000);
  const gateway = {
    postForm: (form) =>
      gateway.app.inject({
        method: 'POST',
        url: '/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    open: async (fields) => {
      const res = await gateway.postForm(signedForm(fields));
      expect(res.statusCode).toBe(200);
      return sessionOf(res.body);
    },
    decide: (transactionId, decision, session) =>
      gateway.app.inject({
        method: 'POST',
        url: `/pay/${transactionId}/${decision}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session }).toString(),
      }),
    expectErrorPage: (res, status, title) => {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(title);
      expect(res.body).not.toContain('Approve payment');
    },
  } as InjectedGateway;

  beforeEach(async () => {
    gateway.clock = new FakeClock();
    gateway.merchant = new FakeMerchant();
    gateway.store = new SandboxPaymentStore();
    gateway.refunds = new SandboxRefundStore(gateway.store);
    gateway.app = await buildSandboxGateway(sandboxConfig(), {
      clock: gateway.clock,
      store: gateway.store,
      refunds: gateway.refunds,
      transport: gateway.merchant.transport,
      delivery: { maxAttempts: 4, baseDelayMs: 1000, timeoutMs: 5000 },
    });
  });
  afterEach(() => gateway.app.close());
  return gateway;
}
