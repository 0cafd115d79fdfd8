import fc from 'fast-check';
import { ApiPaths } from '../../../src/contract/api';
import { hasDisallowedCharacters } from '../../../server/http/hostile-input';
import { type InjectedApp } from '../support/in-memory-server';
import { injectedAppWithMember } from './hostile-input.support';
import {
  describeAnswer,
  headersOf,
  type HostileRequest,
  oddTextIn,
  ROUTE_CASES,
} from './hostile-input.cases';

/** Runs per route on the in-memory container: inject is fast, so many. */
const RUNS_PER_ROUTE = 250;

describe('property: no request to any route answers 5xx or stores odd text (in-memory, app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await injectedAppWithMember());
    // A payment of this member, so status and details reads find something now and then.
    const created = await t.post(
      ApiPaths.createPayment,
      { amount: '60.00', payment_method: 'qr' },
      { token },
    );
    expect(created.status).toBe(200);
  }, 30_000);
  afterAll(() => t.close());

  const send = async (request: HostileRequest) => {
    const response = await t.app.inject({
      method: request.method,
      url: `/api${request.path}`,
      headers: headersOf(request, token),
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: response.statusCode, body: response.body, headers: response.headers };
  };

  it.each(ROUTE_CASES.map((route) => [route.name, route]))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(route.request, async (request) => {
          const answer = await send(request);
          if (answer.status >= 500)
            throw new Error(describeAnswer(request, answer.status, answer.body));
          // Every refusal is the JSON envelope with a message that repeats no odd text.
          // (expect() only when a check fails: each call costs more than the request itself.)
          const envelope = JSON.parse(answer.body) as { status: number; message: string };
          const cacheControl = answer.headers['cache-control'];
          if (typeof envelope.message !== 'string') expect(typeof envelope.message).toBe('string');
          if (hasDisallowedCharacters(envelope.message)) {
            expect(hasDisallowedCharacters(envelope.message)).toBe(false);
          }
          if (cacheControl !== 'no-store') expect(cacheControl).toBe('no-store');
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    120_000,
  );

  it('left no control character or invalid Unicode in any table', () => {
    const tables = t.container.tables;
    for (const table of [
      tables.members,
      tables.sessions,
      tables.smsCodes,
      tables.smsRequests,
      tables.loginFailures,
      tables.transactions,
      tables.idempotencyKeys,
      tables.callbacks,
    ]) {
      const rows: unknown[] = table.all();
      const odd = rows.map((row) => oddTextIn(row)).filter((text) => text !== undefined);
      expect({ table: table.name, odd }).toEqual({ table: table.name, odd: [] });
    }
    // The runs did reach the handlers: the member's profile changed and callbacks were recorded.
    expect(tables.callbacks.all().length).toBeGreaterThan(0);
  });
});
