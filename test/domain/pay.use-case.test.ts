import { aPaymentRequest } from '../builders/payment-request';
import { FakeClock, flushPromises } from '../fakes/fake-clock';
import { FakeGateway } from '../fakes/fake-gateway';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { InitiatePaymentUseCase } from '../../src/domain/use-cases/initiate-payment.use-case';
import {
  COMPLETED_REDIRECT_MS,
  PayUseCase,
  RECEIPT_REDIRECT_MS,
  type PayEvent,
} from '../../src/domain/use-cases/pay.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import {
  PAYMENT_POLL_MS,
  WatchPaymentUseCase,
} from '../../src/domain/use-cases/watch-payment.use-case';

const input = { amount: '123.45', paymentMethod: 'qr' as const, memberName: 'Aisyah Binti Ali' };

function setUp() {
  const http = new FakeHttp();
  const clock = new FakeClock();
  const gateway = new FakeGateway();
  const pay = new PayUseCase(
    new InitiatePaymentUseCase(http, new InMemoryStorage()),
    new WatchPaymentUseCase(new PollPaymentUseCase(http), clock),
    gateway,
    clock,
  );
  const events: PayEvent[] = [];
  pay.subscribe((event) => events.push(event));
  const types = () => events.map((event) => event.type);
  return { http, clock, gateway, pay, events, types };
}

const statusCalls = (http: FakeHttp) => http.callsTo('paymentStatus').length;

describe('PayUseCase', () => {
  it('opens the tab synchronously, before the request goes out', async () => {
    const { http, gateway, pay } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    const paying = pay.execute(input);
    expect(gateway.opened).toHaveLength(1);
    expect(http.calls).toHaveLength(1);
    // A second click while the request is out joins it: no second tab, no second request.
    expect(pay.execute(input)).toBe(paying);
    await paying;
    expect(gateway.opened).toHaveLength(1);
    expect(http.callsTo('createPayment')).toHaveLength(1);
    pay.dispose();
  });

  it("hands off the server's gateway with custName filled, then the receipt after 1 s", async () => {
    const { http, clock, gateway, pay, events, types } = setUp();
    const request = aPaymentRequest({ custName: '' });
    http.on('createPayment', answer(request));
    http.on('paymentStatus', answer({ status: 'pending' }));

    const result = await pay.execute(input);

    expect(result).toEqual({ ok: true, value: request });
    expect(gateway.submitted).toEqual([
      {
        tab: gateway.opened[0],
        handOff: {
          url: request.gateway.url,
          method: 'POST',
          fields: { ...request.gateway.fields, custName: 'Aisyah Binti Ali' },
        },
      },
    ]);
    expect(types()).toEqual(['initiated', 'handedOff']);
    await clock.advance(RECEIPT_REDIRECT_MS - 1);
    expect(types()).toEqual(['initiated', 'handedOff']);
    await clock.advance(1);
    expect(events[2]).toEqual({ type: 'showReceipt', transactionId: 'TXN-1' });
    pay.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('passes a GET hand-off through untouched', async () => {
    const { http, gateway, pay } = setUp();
    const handOff = { url: 'https://gw.example/bills/b1', method: 'GET' as const, fields: {} };
    http.on('createPayment', answer(aPaymentRequest({ gateway: handOff })));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay.execute(input);
    expect(gateway.submitted[0].handOff).toEqual(handOff);
    pay.dispose();
  });

  it('polls every 3 s (advance 3 s, see one poll); on completed the status page after 2 s, then no timer', async () => {
    const { http, clock, pay, events, types } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    http
      .once('paymentStatus', answer({ status: 'pending' }))
      .on('paymentStatus', answer({ status: 'completed' }));
    await pay.execute(input);

    await clock.advance(PAYMENT_POLL_MS - 1);
    expect(statusCalls(http)).toBe(0);
    await clock.advance(1);
    expect(statusCalls(http)).toBe(1);
    expect(events).toContainEqual({ type: 'status', status: 'pending' });

    await clock.advance(PAYMENT_POLL_MS);
    expect(statusCalls(http)).toBe(2);
    expect(events[events.length - 1]).toEqual({ type: 'status', status: 'completed' });

    await clock.advance(COMPLETED_REDIRECT_MS - 1);
    expect(types()).not.toContain('showStatusPage');
    await clock.advance(1);
    expect(types()).toEqual([
      'initiated',
      'handedOff',
      'showReceipt',
      'status',
      'status',
      'showStatusPage',
    ]);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60_000);
    expect(statusCalls(http)).toBe(2);
  });

  it('on failed: polling stops and nothing more is timed', async () => {
    const { http, clock, pay, types } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'failed' }));
    await pay.execute(input);
    await clock.advance(PAYMENT_POLL_MS);
    expect(types()).toEqual(['initiated', 'handedOff', 'showReceipt', 'status']);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(30_000);
    expect(statusCalls(http)).toBe(1);
  });

  it('a payment already final when created is not polled', async () => {
    const { http, clock, pay } = setUp();
    http.on('createPayment', answer(aPaymentRequest({ status: 'completed' })));
    await pay.execute(input);
    await clock.advance(RECEIPT_REDIRECT_MS);
    expect(clock.pendingTimers).toBe(0);
    expect(statusCalls(http)).toBe(0);
  });

  it('keeps polling through failed checks, which change nothing', async () => {
    const { http, clock, pay, types } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    http.once('paymentStatus', failure('INTERNAL_ERROR')).failNetwork('paymentStatus');
    await pay.execute(input);
    await clock.advance(3 * PAYMENT_POLL_MS);
    expect(statusCalls(http)).toBe(3);
    expect(types()).not.toContain('status');
    pay.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('a failed request closes the tab, reports, and a retry of the same attempt reuses its key', async () => {
    const { http, gateway, pay, events, clock } = setUp();
    http
      .once('createPayment', failure('PAYMENT_IDEMPOTENCY_CONFLICT'))
      .on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));

    expect(await pay.execute(input)).toMatchObject({ ok: false });
    expect(gateway.closed).toEqual([gateway.opened[0]]);
    expect(events).toEqual([
      {
        type: 'requestFailed',
        failure: { code: 'PAYMENT_IDEMPOTENCY_CONFLICT', key: 'payment.messages.createFailed' },
      },
    ]);
    expect(clock.pendingTimers).toBe(0);

    await pay.execute(input);
    await pay.execute({ ...input, amount: '200' });
    const keys = http
      .callsTo('createPayment')
      .map((call) => call.options?.headers?.['Idempotency-Key']);
    // Succeeded attempts drop their key; another amount is another attempt.
    expect(keys).toEqual(['attempt-1', 'attempt-1', 'attempt-2']);
    pay.dispose();
  });

  it('another amount after a failure is another attempt with a new key', async () => {
    const { http, pay } = setUp();
    http.on('createPayment', failure('INTERNAL_ERROR'));
    await pay.execute(input);
    await pay.execute({ ...input, amount: '60' });
    const keys = http
      .callsTo('createPayment')
      .map((call) => call.options?.headers?.['Idempotency-Key']);
    expect(keys).toEqual(['attempt-1', 'attempt-2']);
  });

  it('pop-up blocked: reports it, polls anyway, and continueInNewTab hands off in its own click', async () => {
    const { http, clock, gateway, pay, types } = setUp();
    gateway.blocked = true;
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay.execute(input);
    expect(types()).toEqual(['initiated', 'popupBlocked']);
    await clock.advance(PAYMENT_POLL_MS);
    expect(statusCalls(http)).toBe(1);
    expect(types()).not.toContain('showReceipt');

    pay.continueInNewTab(); // still blocked
    expect(types().filter((type) => type === 'popupBlocked')).toHaveLength(2);

    gateway.blocked = false;
    pay.continueInNewTab();
    expect(gateway.submitted).toHaveLength(1);
    await clock.advance(RECEIPT_REDIRECT_MS);
    expect(types()).toContain('showReceipt');
    expect(http.callsTo('createPayment')).toHaveLength(1);
    pay.dispose();
    expect(clock.pendingTimers).toBe(0);
  });

  it('disposed while the request is out: still hands off into the open tab, but times nothing and says nothing', async () => {
    const { http, clock, gateway, pay, events } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    const paying = pay.execute(input);
    pay.dispose();
    await paying;
    await flushPromises();
    expect(gateway.submitted).toHaveLength(1);
    expect(events).toHaveLength(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('disposed while polling: no timer is left', async () => {
    const { http, clock, pay } = setUp();
    http.on('createPayment', answer(aPaymentRequest()));
    http.on('paymentStatus', answer({ status: 'pending' }));
    await pay.execute(input);
    await clock.advance(PAYMENT_POLL_MS);
    expect(clock.pendingTimers).toBeGreaterThan(0);
    pay.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(30_000);
    expect(statusCalls(http)).toBe(1);
  });
});
