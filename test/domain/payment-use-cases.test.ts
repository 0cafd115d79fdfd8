import type { CreatePaymentResponse } from '../../src/contract/api';
import { aPaymentRequest } from '../builders/payment-request';
import { FakeClock } from '../fakes/fake-clock';
import { answer, failure, FakeHttp } from '../fakes/fake-http';
import { QueryCache } from '../../src/domain/query-cache';
import { InMemoryStorage } from '../fakes/in-memory-storage';
import { StorageKeys } from '../../src/domain/ports/storage.port';
import { InitiatePaymentUseCase } from '../../src/domain/use-cases/initiate-payment.use-case';
import { PollPaymentUseCase } from '../../src/domain/use-cases/poll-payment.use-case';
import { GetTransactionUseCase } from '../../src/domain/use-cases/get-transaction.use-case';
import {
  handOffFor,
  isGatewayHandOff,
  parseStoredPaymentRequest,
  PaymentMessages,
  toPaymentStatus,
} from '../../src/domain/model/payment';

describe('InitiatePaymentUseCase', () => {
  const input = { amount: '123.45', paymentMethod: 'qr' as const, idempotencyKey: 'key-1' };

  it('posts the amount as decimal text (never a float) with the idempotency key and stores the answer', async () => {
    const http = new FakeHttp().on('createPayment', answer(aPaymentRequest()));
    const storage = new InMemoryStorage();

    const result = await new InitiatePaymentUseCase(http, storage).execute(input);

    expect(result).toEqual({ ok: true, value: aPaymentRequest() });
    const [call] = http.callsTo('createPayment');
    expect(call.request).toEqual({ amount: '123.45', payment_method: 'qr' });
    expect(call.options?.headers).toEqual({ 'Idempotency-Key': 'key-1' });
    expect(JSON.parse(storage.get(StorageKeys.paymentRequest) ?? '')).toEqual(aPaymentRequest());
  });

  it('returns the code and field of a refusal, storing nothing', async () => {
    const http = new FakeHttp().on(
      'createPayment',
      failure('VALIDATION_FAILED', { field: 'amount' }),
    );
    const storage = new InMemoryStorage();

    const result = await new InitiatePaymentUseCase(http, storage).execute(input);

    expect(result).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', field: 'amount', key: PaymentMessages.createFailed },
    });
    expect(storage.get(StorageKeys.paymentRequest)).toBeNull();
  });

  it('treats a success without usable data as a failed creation', async () => {
    const http = new FakeHttp().on(
      'createPayment',
      answer(undefined as unknown as CreatePaymentResponse),
    );
    const result = await new InitiatePaymentUseCase(http, new InMemoryStorage()).execute(input);
    expect(result).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', key: PaymentMessages.createFailed },
    });
  });

  it('refuses an answer without a usable gateway hand-off, storing nothing', async () => {
    const { gateway: _none, ...withoutHandOff } = aPaymentRequest();
    const unsafe = aPaymentRequest({
      gateway: { url: 'javascript:alert(1)', method: 'GET', fields: {} },
    });
    const http = new FakeHttp()
      .once('createPayment', answer(withoutHandOff as typeof unsafe))
      .once('createPayment', answer(unsafe));
    const storage = new InMemoryStorage();
    const initiate = new InitiatePaymentUseCase(http, storage);
    for (let i = 0; i < 2; i++) {
      expect(await initiate.execute(input)).toMatchObject({
        ok: false,
        error: { key: PaymentMessages.createFailed },
      });
    }
    expect(storage.get(StorageKeys.paymentRequest)).toBeNull();
  });

  it('falls back to the payment-failed text when there is no answer', async () => {
    const http = new FakeHttp().failNetwork('createPayment');
    const result = await new InitiatePaymentUseCase(http, new InMemoryStorage()).execute(input);
    expect(result).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER', key: PaymentMessages.failed },
    });
  });

  it('lets bugs through', async () => {
    const http = new FakeHttp().on('createPayment', () => {
      throw new TypeError('bug');
    });
    await expect(
      new InitiatePaymentUseCase(http, new InMemoryStorage()).execute(input),
    ).rejects.toThrow(TypeError);
  });
});

describe('PollPaymentUseCase', () => {
  it.each(['pending', 'completed', 'failed'] as const)('reads status %s', async (status) => {
    const http = new FakeHttp().on('paymentStatus', answer({ status }));
    expect(await new PollPaymentUseCase(http).execute({ paymentId: 'pay/1' })).toEqual({
      ok: true,
      value: status,
    });
    expect(http.calls[0].options).toEqual({ pathParam: 'pay/1' });
  });

  it('reports a refusal with its code, and an unknown status as an answer not understood', async () => {
    const http = new FakeHttp()
      .once('paymentStatus', failure('PAYMENT_NOT_FOUND'))
      .once('paymentStatus', answer({ status: 'weird' as 'pending' }));
    const poll = new PollPaymentUseCase(http);
    expect(await poll.execute({ paymentId: 'p' })).toEqual({
      ok: false,
      error: { code: 'PAYMENT_NOT_FOUND', key: PaymentMessages.checkFailed },
    });
    expect(await poll.execute({ paymentId: 'p' })).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', key: PaymentMessages.checkFailed },
    });
  });

  it('reports no answer with the try-again text', async () => {
    const http = new FakeHttp().failNetwork('paymentStatus');
    expect(await new PollPaymentUseCase(http).execute({ paymentId: 'p' })).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER', key: PaymentMessages.checkError },
    });
  });
});

describe('GetTransactionUseCase', () => {
  it('reads the details by query and maps success to completed', async () => {
    const http = new FakeHttp().on(
      'transactionDetails',
      // Older servers say 'success' for 'completed'.
      answer({
        transactionId: 'TXN-1',
        status: 'success' as 'completed',
        amount: '123.45',
        refundedAmount: '12.00',
      }),
    );
    const result = await new GetTransactionUseCase(http, new QueryCache(new FakeClock())).execute({
      transactionId: 'TXN-1',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        transactionId: 'TXN-1',
        status: 'completed',
        amount: '123.45',
        refundedAmount: '12.00',
      },
    });
    expect(http.calls[0].request).toEqual({ transactionId: 'TXN-1' });
  });

  it.each([
    ['PAYMENT_NOT_FOUND', failure('PAYMENT_NOT_FOUND')],
    ['a 403 without a code', failure('UNKNOWN_FAILURE', { httpStatus: 403 })],
  ])(
    '%s (no such transaction for this member) is a final not-found, never retried',
    async (_case, reply) => {
      const http = new FakeHttp().on('transactionDetails', reply);
      const get = new GetTransactionUseCase(http, new QueryCache(new FakeClock()));
      expect(await get.execute({ transactionId: 'TXN-X' })).toEqual({
        ok: false,
        error: { key: 'paymentStatus.notFoundText', code: reply.error.code, notFound: true },
      });
      expect(http.calls).toHaveLength(1);
    },
  );

  it('is a final sign-in-required when nobody is logged in', async () => {
    const http = new FakeHttp().on('transactionDetails', failure('AUTH_REQUIRED'));
    const get = new GetTransactionUseCase(http, new QueryCache(new FakeClock()));
    expect(await get.execute({ transactionId: 'TXN-X' })).toEqual({
      ok: false,
      error: { key: 'paymentStatus.signInText', code: 'AUTH_REQUIRED', signInRequired: true },
    });
    expect(http.calls).toHaveLength(1);
  });

  it('reports other failures with their code and the fallback key', async () => {
    const http = new FakeHttp().once(
      'transactionDetails',
      failure('VALIDATION_FAILED', { field: 'transactionId' }),
    );
    http.failNetwork('transactionDetails');
    // Retries are the cache's (test/domain/query-cache.test.ts): none here.
    const get = new GetTransactionUseCase(http, new QueryCache(new FakeClock(), { retries: 0 }));
    expect(await get.execute({ transactionId: 'x' })).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        field: 'transactionId',
        key: PaymentMessages.checkFailed,
      },
    });
    expect(await get.execute({ transactionId: 'x' })).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER', key: PaymentMessages.checkError },
    });
  });
});

describe('payment model', () => {
  it.each([
    ['pending', 'pending'],
    ['success', 'completed'],
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['unknown', 'pending'],
    [undefined, 'pending'],
  ])('treats server status %p as %p', (raw, expected) => {
    expect(toPaymentStatus(raw)).toBe(expected);
  });

  it("hands off the server's gateway, custName falling back to the member name", () => {
    const request = aPaymentRequest({ custName: '' });
    const handOff = handOffFor(request, 'Aisyah Binti Ali');
    expect(handOff).toEqual({
      url: request.gateway.url,
      method: 'POST',
      fields: { ...request.gateway.fields, custName: 'Aisyah Binti Ali' },
    });
    // A copy: the stored answer keeps what the server sent.
    expect(request.gateway.fields.custName).toBe('');
    expect(handOffFor(aPaymentRequest(), 'Other').fields.custName).toBe('Aisyah');
    const get = { url: 'https://gw.example/pay?bill=1', method: 'GET' as const, fields: {} };
    expect(handOffFor(aPaymentRequest({ gateway: get }), 'Other')).toEqual(get);
  });

  it.each([
    [{ url: 'https://gw.example/pay', method: 'POST', fields: { a: '1' } }, true],
    [{ url: 'http://localhost:8090/pay', method: 'GET', fields: {} }, true],
    [{ url: '/sandbox-gateway/pay', method: 'POST', fields: {} }, true],
    [{ url: 'javascript:alert(1)', method: 'GET', fields: {} }, false],
    [{ url: '//evil.example/pay', method: 'POST', fields: {} }, false],
    [{ url: 'https://gw.example/pay', method: 'PUT', fields: {} }, false],
    [{ url: 'https://gw.example/pay', method: 'POST', fields: { a: 1 } }, false],
    [{ url: 'https://gw.example/pay', method: 'POST' }, false],
    [undefined, false],
  ])('accepts only a usable hand-off: %o -> %p', (handOff, usable) => {
    expect(isGatewayHandOff(handOff)).toBe(usable);
  });

  it('reads stored request data defensively', () => {
    expect(parseStoredPaymentRequest(JSON.stringify(aPaymentRequest()))).toEqual(aPaymentRequest());
    expect(parseStoredPaymentRequest(null)).toBeNull();
    expect(parseStoredPaymentRequest('not json')).toBeNull();
    expect(parseStoredPaymentRequest('{"x":1}')).toBeNull();
  });
});
