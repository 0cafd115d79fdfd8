import fc from 'fast-check';
import { ApiPaths } from '../../../src/contract/api';
import { eachDatabase } from '../../../scripts/support/databases';
import { postJson } from '../support/http';
import { registerAndLogin } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  describeAnswer,
  headersOf,
  type HostileRequest,
  oddTextIn,
  ROUTE_CASES,
} from './hostile-input.cases';

/**
 * Over real HTTP the odd text reaches the database drivers (PostgreSQL refuses NUL in text and
 * answered 500 before the guard), so fewer runs per route than on the in-memory container.
 */
const RUNS_PER_ROUTE = 60;

/** Every table a request can write to. */
const TABLES = [
  'members',
  'sessions',
  'sms_codes',
  'sms_requests',
  'login_failures',
  'transactions',
  'payment_idempotency_keys',
  'payment_callbacks',
];

describe.each(eachDatabase())('hostile input over HTTP on %s', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ database });
    token = (await registerAndLogin(t.baseUrl)).token;
    const created = await postJson(
      t.baseUrl,
      ApiPaths.createPayment,
      { amount: '60.00', payment_method: 'qr' },
      { token },
    );
    expect(created.status).toBe(200);
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  const send = async (request: HostileRequest) => {
    const response = await fetch(`${t.baseUrl}/api${request.path}`, {
      method: request.method,
      headers: headersOf(request, token),
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    return { status: response.status, body: await response.text() };
  };

  it('answers a NUL in the login identifier and in the profile name with 400, not 500', async () => {
    const login = await postJson(t.baseUrl, ApiPaths.login, {
      ic_or_passport: '9001\u00000101',
      password: 'whatever it is',
    });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe(
      'IC or Passport Number contains characters that are not allowed.',
    );
    const rename = await postJson(
      t.baseUrl,
      ApiPaths.updateProfile,
      { name: 'Ali\u0000' },
      { token },
    );
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe('Full Name contains characters that are not allowed.');
  });

  it.each(ROUTE_CASES.map((route) => [route.name, route]))(
    'never answers 5xx: %s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(route.request, async (request) => {
          const answer = await send(request);
          if (answer.status >= 500) {
            throw new Error(describeAnswer(request, answer.status, answer.body));
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    120_000,
  );

  it('stored no control character or invalid Unicode in any table', async () => {
    for (const table of TABLES) {
      const rows = await t.container.db.query<{ row: unknown }>(
        `SELECT to_jsonb(t) AS row FROM ${table} t`,
      );
      const odd = rows.map(({ row }) => oddTextIn(row)).filter((text) => text !== undefined);
      expect({ table, odd }).toEqual({ table, odd: [] });
    }
  });
});
