import fc from 'fast-check';
import { ApiPaths } from '../../../src/contract/api';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  type ErrorCode,
  isErrorCode,
} from '../../../src/contract/errors';
import { ACCOUNT_CASES, REQUEST_CASES } from './error-codes.cases';
import { PAYMENT_CASES } from './error-codes.payment-cases';
import { SECURITY_CASES } from './error-codes.security-cases';
import { headersOf, type HostileRequest, ROUTE_CASES } from './hostile-input.cases';
import { failureContext, type FailureContext, inject, pay, sendCode } from '../support/failures';
import {
  type Answer,
  type InjectedApp,
  injectedApp,
  logIn,
  seedMember,
} from '../support/in-memory-server';
import { aMember } from '../support/members';

/**
 * Every failure the server answers carries a code errors.ts declares, with that code's HTTP
 * status. Each case drives one failure on the in-memory container (error-codes.cases.ts,
 * error-codes.payment-cases.ts); hostile requests to every route add whatever failures they meet;
 * the last test checks that together they reached every declared code.
 */

/** Codes no request here can reach, with the reason why. */
const CONSOLE_ONLY = "the operator console's API answers it; test/server/ops drives it there";
const UNREACHED: Partial<Record<ErrorCode, string>> = {
  OPS_CSRF_REJECTED: CONSOLE_ONLY,
  OPS_ENROLMENT_INVALID: CONSOLE_ONLY,
  OPS_PASSWORD_WEAK: CONSOLE_ONLY,
  OPS_EMAIL_TAKEN: CONSOLE_ONLY,
  OPS_CHANGE_REFUSED: CONSOLE_ONLY,
  OPS_UNCONFIRMED: CONSOLE_ONLY,
  OPS_STEP_UP_REQUIRED: CONSOLE_ONLY,
  REFUND_OWN_REQUEST: CONSOLE_ONLY,
  PAYMENT_NOT_COMPLETED: CONSOLE_ONLY,
  REFUND_OVER_REFUNDABLE: CONSOLE_ONLY,
  REFUND_NOT_PENDING: CONSOLE_ONLY,
  OPS_SEARCH_TOO_SHORT: CONSOLE_ONLY,
  OPS_NAME_SEARCH_LIMIT: CONSOLE_ONLY,
};

const reached = new Set<ErrorCode>();

/** Checks the envelope of a failure (declared code, its status, status 0) and records the code. */
function expectDeclaredFailure(answer: Answer, context: string): ErrorCode {
  const { code, status, field } = answer.body;
  expect({ context, code, status, declared: isErrorCode(code) }).toEqual({
    context,
    code,
    status: 0,
    declared: true,
  });
  const declared = code as ErrorCode;
  expect({ context, code, http: answer.status }).toEqual({
    context,
    code,
    http: ERROR_HTTP_STATUS[declared],
  });
  if (field !== undefined) expect(typeof field).toBe('string');
  reached.add(declared);
  return declared;
}

describe('every failure answers a declared code with its status (in-memory, app.inject)', () => {
  let c: FailureContext;
  beforeAll(async () => {
    const t = await injectedApp({ config: { smsPerAddressPerHour: 1000 } });
    const member = aMember();
    const { token } = await logIn(t, await seedMember(t, member));
    c = failureContext(t, token, member);
  });
  afterAll(() => c.t.close());
  afterEach(() => jest.restoreAllMocks());

  it.each([...REQUEST_CASES, ...ACCOUNT_CASES, ...PAYMENT_CASES, ...SECURITY_CASES])(
    '%s: %s',
    async (code, name, run) => {
      expect(expectDeclaredFailure(await run(c), name)).toBe(code);
    },
  );

  it('names the field at fault', async () => {
    const missing = await c.t.post(ApiPaths.login, { ic_or_passport: 'A1234567' });
    expect(missing.body.field).toBe('password');
    expect((await c.t.get(`${ApiPaths.userExists}?phone=012`)).body.field).toBe('phone');
    expect((await pay(c, '10.00')).body.field).toBe('amount');
    expect((await sendCode(c, c.member.phone_no)).body.field).toBe('phone_no');
    const odd = await c.t.post(ApiPaths.login, { ic_or_passport: 'A1', password: 'x', note: '\0' });
    expect(odd.body).toMatchObject({ code: 'DISALLOWED_CHARACTERS', field: 'note' });
  });
});

describe('the per-address limits answer declared codes too', () => {
  const withApp = async (config: object, test: (t: InjectedApp) => Promise<void>) => {
    const t = await injectedApp({ config });
    try {
      await test(t);
    } finally {
      await t.close();
    }
  };

  it('RATE_LIMITED: past the per-address request budget', () =>
    withApp({ rateLimitPerMinute: 1 }, async (t) => {
      await t.get('/health');
      expect(expectDeclaredFailure(await t.get('/health'), 'the second request')).toBe(
        'RATE_LIMITED',
      );
    }));

  it('SMS_NETWORK_LIMIT: more codes than one address may ask for in an hour', () =>
    withApp({ smsPerAddressPerHour: 1 }, async (t) => {
      const send = () =>
        t.post(ApiPaths.sendSmsCode, { phone_no: aMember().phone_no, purpose: 'registration' });
      expect((await send()).status).toBe(200);
      expect(expectDeclaredFailure(await send(), 'a second phone')).toBe('SMS_NETWORK_LIMIT');
    }));
});

describe('hostile requests to every route answer declared codes (in-memory, app.inject)', () => {
  const SAMPLES_PER_ROUTE = 40;
  let t: InjectedApp;
  let token: string;
  beforeAll(async () => {
    t = await injectedApp();
    token = (await logIn(t, await seedMember(t))).token;
  });
  afterAll(() => t.close());

  const send = (request: HostileRequest) =>
    inject(t, {
      method: request.method,
      url: `/api${request.path}`,
      headers: headersOf(request, token),
      ...(request.body === undefined ? {} : { payload: request.body }),
    });

  it.each(ROUTE_CASES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const requests = fc.sample(route.request, { numRuns: SAMPLES_PER_ROUTE, seed: 20_260_101 });
    for (const request of requests) {
      const answer = await send(request);
      if (answer.status >= 400) {
        expectDeclaredFailure(answer, `${request.method} ${request.path.slice(0, 200)}`);
      }
    }
  });
});

describe('the codes reached', () => {
  it('cover every code errors.ts declares, but those listed as unreachable', () => {
    const missing = ERROR_CODES.filter((code) => !reached.has(code) && !(code in UNREACHED));
    expect(missing).toEqual([]);
  });
});
