import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { type CreatePaymentResponse, ApiPaths } from '../../../src/contract/api';
import { receiptPdfPath } from '../../../src/contract/payment-history';
import { gatewayOutcomeCanonical } from '../../../src/contract/sandbox-gateway';
import Fastify from 'fastify';
import { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { loadConfig } from '../../../server/config';
import { BUDGET_WINDOW_MS } from '../../../server/http/member-budgets';
import { sharedRateLimitStore } from '../../../server/http/shared-rate-limit';
import { FakeClock } from '../../fakes/fake-clock';
import {
  type Answer,
  injectedApp,
  type InjectedApp,
  logIn,
  seedMember,
} from '../support/in-memory-server';
import { type TestMember } from '../support/members';

/** The rate limit's store without REDIS_URL, as @fastify/rate-limit builds it for the app. */
function memoryStore(clock: FakeClock) {
  const { store: Store } = sharedRateLimitStore(Fastify(), loadConfig({ APP_ENV: 'test' }), clock);
  const store = new Store({});
  /** A member route's store (memberRoute's config names a budget). */
  const memberRoute = (url: string) =>
    store.child({
      routeInfo: {
        method: 'POST',
        url,
        config: { memberBudget: { perMinute: 60, per: 'session' } },
      },
    } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
  return { memberRoute };
}

/** One call's count and time left, as the plugin reads them. */
function take(route: FastifyRateLimitStore, owner: string) {
  let spent: { current: number; ttl: number } | undefined;
  route.incr(owner, (_error, result) => (spent = result), BUDGET_WINDOW_MS, 60);
  return spent;
}

describe('the member routes’ windows in memory (shared-rate-limit.ts)', () => {
  it('counts each owner apart, within a window that opens with its first call, on the app’s clock', async () => {
    const clock = new FakeClock();
    const route = memoryStore(clock).memberRoute('/a');
    expect(take(route, 'a')).toEqual({ current: 1, ttl: BUDGET_WINDOW_MS });
    await clock.advance(10_000);
    expect(take(route, 'a')).toEqual({ current: 2, ttl: 50_000 });
    expect(take(route, 'b')).toEqual({ current: 1, ttl: BUDGET_WINDOW_MS });
    await clock.advance(BUDGET_WINDOW_MS - 10_001);
    expect(take(route, 'a')).toEqual({ current: 3, ttl: 1 });
  });

  it('starts a new window once the last one has ended', async () => {
    const clock = new FakeClock();
    const route = memoryStore(clock).memberRoute('/a');
    for (let i = 0; i < 5; i += 1) take(route, 'a');
    await clock.advance(BUDGET_WINDOW_MS);
    expect(take(route, 'a')).toMatchObject({ current: 1 });
  });

  it('keeps each route’s windows apart', () => {
    const store = memoryStore(new FakeClock());
    const [one, two] = [store.memberRoute('/a'), store.memberRoute('/b')];
    take(one, 'a');
    take(one, 'a');
    expect(take(two, 'a')).toMatchObject({ current: 1 });
  });
});

describe('per-session budgets on the routes (app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  beforeEach(async () => {
    t = await injectedApp();
    token = (await logIn(t, await seedMember(t))).token;
  });
  afterEach(() => t.close());

  const check = (withToken = token) => t.post(ApiPaths.sessionCheck, {}, { token: withToken });

  it('answers the 61st session check of a minute with 429 and Retry-After, then again once it has passed', async () => {
    for (let i = 0; i < 60; i += 1) expect((await check()).status).toBe(200);
    await t.clock.advance(15_000);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.body).toEqual({
      status: 0,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    await t.clock.advance(45_000);
    expect((await check()).status).toBe(200);
  });

  it('keeps one session from spending another session’s budget, or another route’s', async () => {
    for (let i = 0; i < 60; i += 1) await check();
    expect((await check()).status).toBe(429);
    const other = (await logIn(t, await seedMember(t))).token;
    expect((await check(other)).status).toBe(200);
    expect((await t.get(ApiPaths.paymentHistory, { token })).status).toBe(200);
  });

  it('counts tokens that open no session by address, apart from the live sessions', async () => {
    for (let i = 0; i < 60; i += 1) {
      expect((await check(`made-up-token-${String(i).padStart(4, '0')}`)).status).toBe(401);
    }
    expect((await check('made-up-token-0060')).status).toBe(429);
    expect((await t.post(ApiPaths.sessionCheck, {})).status).toBe(429);
    expect((await check()).status).toBe(200);
  });
});

describe('per-member budgets on the costly routes (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp();
  });
  afterEach(() => t.close());

  /** `count` live sessions of one member. */
  async function sessionsOf(member: TestMember, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) tokens.push((await logIn(t, member)).token);
    return tokens;
  }

  /** A completed payment of the member's, whose receipt PDF renders. */
  async function paidPayment(token: string): Promise<string> {
    const created = await t.post(
      ApiPaths.createPayment,
      { amount: '80.00', payment_method: 'qr' },
      { token },
    );
    const transactionId = (created.body.data as CreatePaymentResponse).payment_id;
    const message = {
      transactionId,
      status: 'completed' as const,
      amount: '80.00',
      timestamp: Math.floor(t.clock.now() / 1000),
    };
    const signature = new HmacSha256PaymentSigner(t.config.gatewaySecret).sign(
      gatewayOutcomeCanonical(message),
    );
    expect((await t.post(ApiPaths.paymentCallback, { ...message, signature })).status).toBe(200);
    return transactionId;
  }

  /** A receipt PDF's answer: the envelope when it is one, else the PDF's type. */
  async function receipt(transactionId: string, token: string): Promise<Answer> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${receiptPdfPath(transactionId)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const isPdf = response.headers['content-type'] === 'application/pdf';
    return {
      status: response.statusCode,
      headers: response.headers,
      body: isPdf ? { status: 1, message: 'application/pdf' } : response.json(),
    };
  }

  const limited = (answers: Answer[]) =>
    answers.filter((answer) => answer.status === 429 && answer.body.code === 'RATE_LIMITED');

  /** `perSession` calls from each session at once; the answers in order. */
  const fromEach = (
    tokens: string[],
    perSession: number,
    call: (token: string) => Promise<Answer>,
  ) =>
    Promise.all(tokens.flatMap((token) => Array.from({ length: perSession }, () => call(token))));

  it('lets ten sessions of one member render no more receipt PDFs than the member’s 20 a minute', async () => {
    const member = await seedMember(t);
    const tokens = await sessionsOf(member, 10);
    const transactionId = await paidPayment(tokens[0]);
    const pdf = (token: string) => receipt(transactionId, token);

    const answers = await fromEach(tokens, 3, pdf);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    const refused = limited(answers);
    expect(refused).toHaveLength(10);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0].body).toEqual({
      status: 0,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    // A new session of the same member gets nothing more either.
    const [late] = await sessionsOf(member, 1);
    expect((await pdf(late)).status).toBe(429);
    // Another member's budget is untouched.
    const [other] = await sessionsOf(await seedMember(t), 1);
    const theirs = await paidPayment(other);
    expect((await receipt(theirs, other)).status).toBe(200);
    // The window ends for every session of the member at once.
    await t.clock.advance(BUDGET_WINDOW_MS);
    expect((await pdf(tokens[9])).status).toBe(200);
  });

  it.each([
    ['data download', 5, (token: string) => t.get(ApiPaths.personalData, { token })],
    [
      'deletion attempt',
      5,
      (token: string) =>
        t.post(ApiPaths.deleteAccount, { password: 'wrong', confirmation: 'NO' }, { token }),
    ],
    [
      'deletion passkey options',
      5,
      (token: string) => t.post(ApiPaths.deleteAccountPasskeyOptions, undefined, { token }),
    ],
    [
      'passkey registration options',
      20,
      (token: string) =>
        t.post(ApiPaths.passkeyRegistrationOptions, { password: 'wrong' }, { token }),
    ],
    [
      'passkey registration',
      20,
      (token: string) => t.post(ApiPaths.registerPasskey, { name: 'x', credential: {} }, { token }),
    ],
  ])('counts the %s over all of a member’s sessions: %i a minute', async (_name, budget, call) => {
    const tokens = await sessionsOf(await seedMember(t), 10);
    const perSession = Math.ceil((budget + 1) / tokens.length);
    const answers = await fromEach(tokens, perSession, call);
    expect(limited(answers)).toHaveLength(tokens.length * perSession - budget);
    const [other] = await sessionsOf(await seedMember(t), 1);
    expect((await call(other)).body.code).not.toBe('RATE_LIMITED');
  });
});
