import { ApiPaths } from '../../../src/contract/api';
import { BUDGET_WINDOW_MS, MemoryBudgetCounter } from '../../../server/http/session-budgets';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../support/in-memory-server';

describe('MemoryBudgetCounter', () => {
  it('counts each owner apart, within a window that opens with its first call', () => {
    const counter = new MemoryBudgetCounter();
    expect(counter.take('a', 1000)).toMatchObject({ count: 1, resetInMs: BUDGET_WINDOW_MS });
    expect(counter.take('a', 11_000)).toMatchObject({ count: 2, resetInMs: 50_000 });
    expect(counter.take('b', 11_000)).toMatchObject({ count: 1, resetInMs: BUDGET_WINDOW_MS });
    expect(counter.take('a', 1000 + BUDGET_WINDOW_MS - 1)).toMatchObject({
      count: 3,
      resetInMs: 1,
    });
  });

  it('starts a new window once the last one has ended', () => {
    const counter = new MemoryBudgetCounter();
    for (let i = 0; i < 5; i += 1) counter.take('a', 0);
    expect(counter.take('a', BUDGET_WINDOW_MS)).toMatchObject({ count: 1 });
  });

  it('past its bound drops the oldest window, whose owner starts afresh', () => {
    const counter = new MemoryBudgetCounter(2);
    counter.take('a', 0);
    counter.take('a', 0);
    counter.take('b', 1);
    counter.take('c', 2);
    expect(counter.take('b', 3)).toMatchObject({ count: 2 });
    expect(counter.take('a', 4)).toMatchObject({ count: 1 });
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
