import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { generateTransactionId } from '../../../server/domain/transaction';
import {
  OpsPaymentPaths,
  PAYMENT_EXPORT_COLUMNS,
  type ReportSummaryResponse,
} from '../../../src/contract/ops-payments-api';
import { OPS_ROLES, type OpsRole } from '../../../src/contract/ops-roles';
import { seedMember } from '../support/in-memory-server';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  type SignedInOperator,
} from './ops-support';

/** 09:00 on a Malaysia day of March 2026. */
const myt = (day: number, hour = 9, minute = 0) =>
  new Date(Date.UTC(2026, 2, day, hour - 8, minute));

describe('the console: reports and the payments export', () => {
  let h: OpsHarness;
  const as = {} as Record<OpsRole, SignedInOperator>;
  let memberId: string;
  const ids: string[] = [];

  async function pay(amountSen: number, createdAt: Date, status?: 'completed' | 'failed') {
    const { transactions } = h.server.container;
    const transactionId = generateTransactionId(randomBytes);
    await transactions.createPending({
      transactionId,
      memberId,
      amountSen,
      paymentMethod: 'qr',
      gateway: 'sandbox',
      createdAt,
    });
    if (status !== undefined) {
      await transactions.withLockedTransaction(transactionId, (_tx, unit) =>
        unit.finalise(status, new Date(createdAt.getTime() + 60_000)),
      );
    }
    ids.push(transactionId);
    return transactionId;
  }

  beforeAll(async () => {
    h = await opsHarness();
    for (const role of OPS_ROLES) as[role] = await operatorSignedIn(h, role);
    memberId = (await seedMember(h.server)).id;
    await pay(5_000, myt(1), 'completed');
    await pay(7_550, myt(1, 23, 59), 'completed');
    await pay(6_000, myt(2), 'failed');
    const formula = await pay(12_345, myt(3));
    await h.server.container.transactions.attachGatewayRef(formula, '=HYPERLINK("http://x")');
  });
  afterAll(() => h.close());

  const summary = (who: SignedInOperator, query = 'from=2026-03-01&to=2026-03-04') =>
    get(h, `${OpsPaymentPaths.reportSummary}?${query}`, who);
  const exportCsv = (who: SignedInOperator, query = '') =>
    get(h, `${OpsPaymentPaths.paymentsExport}${query}`, who);

  it.each(OPS_ROLES)('%s: finance and admin read reports, the others get 404', async (role) => {
    const allowed = role === 'finance' || role === 'admin';
    for (const answer of [await summary(as[role]), await exportCsv(as[role])]) {
      expect(answer.statusCode).toBe(allowed ? 200 : 404);
      if (!allowed) expect(answer.json()).toMatchObject({ status: 0, code: 'NOT_FOUND' });
    }
  });

  it('asks for a session first', async () => {
    const answer = await h.app.inject({
      method: 'GET',
      url: `/api${OpsPaymentPaths.paymentsExport}`,
    });
    expect(answer.statusCode).toBe(401);
  });

  it('sums each Malaysia day, zeros on days with nothing, with the success rate', async () => {
    const answer = await summary(as.finance);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json().data as ReportSummaryResponse;
    expect(body.days.map((day) => day.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(body.days[0]).toMatchObject({
      completed: { count: 1, amount: '50.00' },
      success_rate: 1,
    });
    // Made at 23:59 on the 1st, completed a minute later: on the 2nd.
    expect(body.days[1]).toMatchObject({
      completed: { count: 1, amount: '75.50' },
      failed: { count: 1, amount: '60.00' },
      success_rate: 0.5,
    });
    expect(body.days[3]).toEqual({
      day: '2026-03-04',
      completed: { count: 0, amount: '0.00' },
      failed: { count: 0, amount: '0.00' },
      pending: { count: 0, amount: '0.00' },
      refunded: { count: 0, amount: '0.00' },
      success_rate: null,
    });
    expect(body.totals).toMatchObject({
      completed: { count: 2, amount: '125.50' },
      pending: { count: 1, amount: '123.45' },
      success_rate: 2 / 3,
    });
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-03-01', 'to'],
    ['from=2026-03-05&to=2026-03-04', 'to'],
    ['from=2025-01-01&to=2026-01-02', 'to'],
    ['from=1/3/2026&to=2026-03-04', 'from'],
  ])('refuses %s with a coded 400 naming %s', async (query, field) => {
    const answer = await summary(as.admin, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('takes a whole year (366 days) in one summary', async () => {
    const answer = await summary(as.admin, 'from=2024-01-01&to=2024-12-31');
    expect((answer.json().data as ReportSummaryResponse).days).toHaveLength(366);
  });

  it('exports every payment the search finds as CSV a parser reads back, audited', async () => {
    const answer = await exportCsv(as.finance);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(answer.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...PAYMENT_EXPORT_COLUMNS]);
    expect(rows.map((row) => row.transaction_id)).toEqual([...ids].reverse());
    expect(rows[0]).toMatchObject({
      gateway_ref: `'=HYPERLINK("http://x")`,
      amount: '123.45',
      refunded: '0.00',
      status: 'pending',
      created_at: '2026-03-03 09:00:00',
      paid_at: '',
      member_id: memberId,
    });
    expect(rows[2]).toMatchObject({
      receipt_number: expect.stringMatching(/^R-2026-\d{6}$/),
      amount: '75.50',
      created_at: '2026-03-01 23:59:00',
      paid_at: '2026-03-02 00:00:00',
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'payments.export', actorId: as.finance.id });
    expect(entry?.changes).toEqual({
      filters: { before: null, after: {} },
      rows: { before: null, after: 4 },
      complete: { before: null, after: true },
    });
  });

  it("exports only the search's rows and audits its filters, the member masked", async () => {
    const answer = await exportCsv(as.admin, '?status=completed&member=60123456789&cursor=x');
    const rows = parse(answer.rawPayload, { bom: true, columns: true }) as unknown[];
    expect(rows).toHaveLength(0);
    const done = await exportCsv(as.admin, '?status=completed&min_amount=60');
    expect(parse(done.rawPayload, { bom: true, columns: true })).toHaveLength(1);
    const entries = await h.server.container.audit.list({ action: 'payments.export', limit: 2 });
    expect(entries[1].changes?.filters).toEqual({
      before: null,
      after: { status: 'completed', member: '60*****6789' },
    });
    expect(entries[0].changes?.rows).toEqual({ before: null, after: 1 });
  });

  it('refuses a wrong filter with a coded 400 and audits nothing', async () => {
    const before = (await lastAudit())?.seq;
    for (const query of ['?status=refunded', '?min_amount=1.234', '?from=2026-13-01']) {
      const answer = await exportCsv(as.admin, query);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const wrongRange = await exportCsv(as.admin, '?min_amount=90&max_amount=10');
    expect(wrongRange.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'max_amount' });
    expect((await lastAudit())?.seq).toBe(before);
  });

  async function lastAudit() {
    return (await h.server.container.audit.list({ limit: 1 }))[0];
  }
});
