import { type InjectOptions } from 'fastify';
import { buildOpsApp } from '../../../server/ops-http/app';
import { eachDatabase } from '../../../scripts/support/databases';
import { isErrorCode } from '../../../src/contract/errors';
import { CSRF_HEADER, OpsPaths } from '../../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../../src/contract/ops-payments-api';
import { startTestApp, type TestApp } from '../support/test-app';
import { type OpsHarness, operatorSignedIn, type SignedInOperator } from './ops-support';

jest.setTimeout(60_000);

type Who = 'admin' | 'finance' | 'nobody';
interface Hostile {
  name: string;
  who: Who;
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
}

const NUL = 'a\u0000b';
const UUID = '0b4f8e2c-6a1d-4c3e-9f00-3a5d2b1c0e99';
const TXN = `TXN${'A'.repeat(24)}`;
const REASON = 'a reason long enough';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every string field of a body, in turn, holding a NUL: one request per field. */
function nulInEachField(
  who: Who,
  url: string,
  body: Record<string, unknown>,
  method: 'POST' = 'POST',
): Hostile[] {
  return Object.keys(body)
    .filter((field) => typeof body[field] === 'string')
    .map((field) => ({
      name: `${url} body.${field}`,
      who,
      method,
      url,
      body: { ...body, [field]: NUL },
    }));
}

/** Every query field of a GET, in turn, holding a NUL. */
function nulInEachQuery(who: Who, path: string, fields: string[], base = ''): Hostile[] {
  return fields.map((field) => ({
    name: `${path}?${field}`,
    who,
    method: 'GET',
    url: `${path}?${base}${field}=${encodeURIComponent(NUL)}`,
  }));
}

/** Requests each console route must answer with a coded 400, before any database. */
function hostileRequests(finance: string): Hostile[] {
  const member = (action: string) => `${OpsPaths.member}/${UUID}/${action}`;
  const operator = (action: string) => `${OpsPaths.operators}/${finance}/${action}`;
  const refund = (action: string) => `${OpsPaymentPaths.refund}/${UUID}/${action}`;
  const credential = { id: 'x', rawId: 'x', type: 'public-key', response: {} };
  const badInstant = cursorOf(['2026-13-45 25:61:61Z', TXN]);
  const yearZero = cursorOf(['0000-01-01 00:00:00Z', TXN]);
  return [
    // Sign-in and enrolment, before any session.
    ...nulInEachField('nobody', OpsPaths.enrolmentStart, { token: 'abcdefghijkl' }),
    ...nulInEachField('nobody', OpsPaths.enrolmentPasskeyOptions, { token: 'abcdefghijkl' }),
    ...nulInEachField('nobody', OpsPaths.enrolmentFinish, {
      token: 'abcdefghijkl',
      password: 'a long operator password',
      totp_code: '123456',
    }),
    ...nulInEachField('nobody', OpsPaths.signIn, {
      email: 'who@ops.test',
      password: 'a long operator password',
      totp_code: '123456',
    }),
    ...nulInEachField('nobody', OpsPaths.signInPasskeyOptions, {
      email: 'who@ops.test',
      password: 'a long operator password',
    }),
    ...nulInEachField('nobody', OpsPaths.signInPasskey, { email: 'who@ops.test', credential }),
    // Members.
    ...nulInEachQuery('admin', OpsPaths.members, ['q']),
    ...nulInEachQuery('admin', OpsPaths.members, ['cursor'], 'q=ab&'),
    { name: 'member id', who: 'admin', method: 'GET', url: `${OpsPaths.member}/%00` },
    // Percent-encoding that decodes to no text: a lone surrogate's bytes, a cut sequence.
    { name: 'member id bytes', who: 'admin', method: 'GET', url: `${OpsPaths.member}/%ED%A0%80` },
    { name: 'member id cut', who: 'admin', method: 'GET', url: `${OpsPaths.member}/%E0%A4%A` },
    ...['reveal', 'sign-out-everywhere', 'clear-throttle'].flatMap((action) =>
      nulInEachField('admin', member(action), { reason: REASON }),
    ),
    ...nulInEachField('admin', member('sign-in'), { reason: REASON, enabled: false }),
    // Operators.
    ...nulInEachField('admin', OpsPaths.operators, {
      name: 'New One',
      email: 'new@ops.test',
      role: 'viewer',
    }),
    ...nulInEachField('admin', operator('role'), { role: 'viewer', reason: REASON }),
    ...['disable', 'enable', 'reset-second-factor'].flatMap((action) =>
      nulInEachField('admin', operator(action), { reason: REASON }),
    ),
    // The audit log: text, far dates.
    ...nulInEachQuery('admin', OpsPaths.audit, ['action', 'target', 'from', 'to']),
    {
      name: 'audit year -200000',
      who: 'admin',
      method: 'GET',
      url: `${OpsPaths.audit}?from=-200000-01-01`,
    },
    {
      name: 'audit year +275000',
      who: 'admin',
      method: 'GET',
      url: `${OpsPaths.audit}?to=%2B275000-01-01`,
    },
    {
      name: 'audit far to',
      who: 'admin',
      method: 'GET',
      url: `${OpsPaths.audit}?to=9999999999999`,
    },
    // Payments and their export: text, far amounts, cursors out of range.
    // (The export as the admin: its budget of 5 a minute is the operator's own; it reads no cursor.)
    ...(
      [
        [OpsPaymentPaths.payments, 'finance', [`cursor=${badInstant}`, `cursor=${yearZero}`]],
        [OpsPaymentPaths.paymentsExport, 'admin', []],
      ] as const
    ).flatMap(([path, as, cursors]): Hostile[] => [
      ...nulInEachQuery(as, path, ['ref', 'member', 'gateway']),
      ...['max_amount=999999999.99', 'min_amount=999999999', ...cursors].map((query): Hostile => ({
        name: `${path}?${query}`,
        who: as,
        method: 'GET',
        url: `${path}?${query}`,
      })),
    ]),
    { name: 'payment id', who: 'finance', method: 'GET', url: `${OpsPaymentPaths.payment}/%00` },
    {
      name: 'refunds cursor date',
      who: 'finance',
      method: 'GET',
      url: `${OpsPaymentPaths.refunds}?cursor=${cursorOf(['2026-13-45 25:61:61Z', UUID])}`,
    },
    {
      name: 'refunds cursor year 0',
      who: 'finance',
      method: 'GET',
      url: `${OpsPaymentPaths.refunds}?cursor=${cursorOf(['0000-01-01T00:00:00Z', UUID])}`,
    },
    // Refunds.
    ...nulInEachField(
      'finance',
      `${OpsPaymentPaths.payment}/${TXN}/${OpsPaymentPaths.refundsSuffix}`,
      { amount: '10.00', reason: REASON },
    ),
    ...['approve', 'reject'].flatMap((action) =>
      nulInEachField('admin', refund(action), { reason: REASON }),
    ),
    ...nulInEachField('admin', refund('close'), {
      reference: 'REF-1',
      transfer_date: '2026-01-01',
    }),
    ...nulInEachField('admin', OpsPaymentPaths.stepUp, { totp_code: '123456' }),
    // The routes with no field of their own: a NUL in a query field's name or value.
    ...(
      [
        ['GET', OpsPaths.session],
        ['GET', OpsPaths.operators],
        ['GET', OpsPaths.auditExport],
        ['GET', `${OpsPaymentPaths.reportSummary}?from=2026-01-01&to=2026-01-02`],
        ['GET', `${OpsPaymentPaths.payment}/${TXN}`],
        ['POST', OpsPaths.auditCheckpoint],
        ['POST', OpsPaths.signOut],
        ['POST', OpsPaymentPaths.stepUpPasskeyOptions],
        ['POST', `${OpsPaymentPaths.payment}/${TXN}/${OpsPaymentPaths.requerySuffix}`],
        ['POST', refund('retry')],
      ] as const
    ).flatMap(([method, url]): Hostile[] =>
      ['%00=1', 'x=%00'].map((query) => ({
        name: `${method} ${url} ${query}`,
        who: 'admin',
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}${query}`,
        ...(method === 'POST' && { body: {} }),
      })),
    ),
  ];
}

const headersFor = (as: SignedInOperator | undefined) =>
  as ? { cookie: as.cookie, [CSRF_HEADER]: as.csrf } : {};

/**
 * Hostile input on every console route, on each database: NUL bytes in query, body and path,
 * dates out of any database's range in filters and cursors, amounts past any column. Each is a
 * coded 400, answered before the database sees it (never a 500).
 */
for (const database of eachDatabase()) {
  describe(`console routes under hostile input on ${database}`, () => {
    let t: TestApp;
    let h: OpsHarness;
    const who: Partial<Record<Who, SignedInOperator>> = {};
    let cases: Hostile[] = [];
    beforeAll(async () => {
      t = await startTestApp({ database });
      const app = await buildOpsApp(t.container, t.config, { distDir: '/nonexistent' });
      h = { server: { container: t.container, clock: t.clock }, app } as OpsHarness;
      who.admin = await operatorSignedIn(h, 'admin');
      who.finance = await operatorSignedIn(h, 'finance');
      cases = hostileRequests(who.finance.id);
    });
    afterAll(async () => {
      await h?.app.close();
      await t?.close();
    });

    it('answers every one with a coded 400', async () => {
      const answers: string[] = [];
      for (const one of cases) {
        const as = one.who === 'nobody' ? undefined : who[one.who];
        const response = await h.app.inject({
          method: one.method,
          url: `/api${one.url}`,
          headers: headersFor(as),
          ...(one.body && { payload: one.body }),
        } as InjectOptions);
        const isJson = response.headers['content-type']?.toString().includes('json') === true;
        const code = isJson ? (response.json() as { code?: string }).code : undefined;
        // One of the contract's codes, in its envelope: not a framework's own.
        answers.push(
          `${one.name}: ${response.statusCode} ${isErrorCode(code) ? code : `${code}?`}`,
        );
      }
      expect(answers.filter((line) => !/: 400 [A-Z_]+$/.test(line))).toEqual([]);
      expect(answers.length).toBeGreaterThan(70);
    });
  });
}
