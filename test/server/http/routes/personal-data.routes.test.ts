import { ApiPaths, type CreatePaymentResponse } from '../../../../src/contract/api';
import { type PersonalDataExport } from '../../../../src/contract/personal-data';
import { injectedApp, type InjectedApp, logIn, seedMember } from '../../support/in-memory-server';
import { aRefundRow } from '../../support/refund-rows';

describe('your data routes on the in-memory container (app.inject)', () => {
  let t: InjectedApp;
  beforeEach(async () => {
    t = await injectedApp();
  });
  afterEach(() => t.close());

  it('downloads the data as JSON, no-store, with no hash, token or code', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const paid = await t.post(
      ApiPaths.createPayment,
      { amount: '100.00', payment_method: 'qr' },
      { token },
    );
    expect(paid.status).toBe(200);
    const payment = paid.body.data as CreatePaymentResponse;
    // A refund row as the console leaves it (these tables check no payment status).
    const refund = aRefundRow({
      transactionId: payment.payment_id,
      requestedBy: 'operator-who-asked',
      decidedBy: 'operator-who-approved',
      amountSen: 2_500,
      requestedAt: new Date('2026-01-02T01:00:00Z'),
      refundedAt: new Date('2026-01-02T03:00:00Z'),
    });
    t.container.tables.refunds.insert(refund.id, refund);

    const answer = await t.get(ApiPaths.personalData, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.body.data as PersonalDataExport;
    expect(data.profile).toMatchObject({
      user_id: member.id,
      name: member.name,
      ic_or_passport: member.ic_or_passport,
      phone_no: member.phone_no,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.payments).toEqual([
      expect.objectContaining({ amount: '100.00', status: 'pending', receipt_number: null }),
    ]);
    expect(data.payments[0].refunds).toEqual([
      {
        amount: '25.00',
        status: 'refunded',
        requested_at: '2026-01-02T01:00:00.000Z',
        refunded_at: '2026-01-02T03:00:00.000Z',
      },
    ]);
    const row = await t.container.members.findById(member.id);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(row?.passwordHash ?? 'no row');
    expect(text).not.toContain(token);
    expect(text).not.toContain(member.password);
    expect(text).not.toContain('operator-who');
    expect(text).not.toContain(refund.reason);
    expect((await t.get(ApiPaths.personalData)).status).toBe(401);
  });

  it('deletes the account: the session ends, the login fails, the IC and phone are free', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const other = await logIn(t, member);

    const deleted = await t.post(
      ApiPaths.deleteAccount,
      { password: member.password, confirmation: 'DELETE' },
      { token },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: 1, message: 'Account deleted.' });
    for (const old of [token, other.token]) {
      expect((await t.post(ApiPaths.sessionCheck, {}, { token: old })).status).toBe(401);
    }
    const again = await t.post(ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(again.status).toBe(401);
    const free = await t.get(
      `${ApiPaths.userExists}?phone=${member.phone_no}&ic=${member.ic_or_passport}`,
    );
    expect(free.body.data).toEqual({ can_proceed: true });
  });

  it('refuses a wrong password with 403 naming the field, keeping the session', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const wrong = await t.post(
      ApiPaths.deleteAccount,
      { password: 'not my password', confirmation: 'DELETE' },
      { token },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({
      status: 0,
      code: 'PASSWORD_CONFIRMATION_WRONG',
      message: 'password: the password is incorrect.',
      field: 'password',
    });
    expect((await t.post(ApiPaths.sessionCheck, {}, { token })).status).toBe(200);
  });

  it('validates the body (400 naming the field) and needs a session', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const cases: [unknown, string][] = [
      [{ confirmation: 'DELETE' }, 'password'],
      [{ password: member.password }, 'confirmation'],
      [{ password: member.password, confirmation: 'please' }, 'confirmation'],
      [{ password: 7, confirmation: 'DELETE' }, 'password'],
      [{ password: member.password, confirmation: 'x'.repeat(65) }, 'confirmation'],
    ];
    for (const [body, field] of cases) {
      const answer = await t.post(ApiPaths.deleteAccount, body, { token });
      expect({ status: answer.status, code: answer.body.code, field: answer.body.field }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        field,
      });
    }
    expect(
      (await t.post(ApiPaths.deleteAccount, { password: 'x', confirmation: 'DELETE' })).status,
    ).toBe(401);
    expect((await t.post(ApiPaths.sessionCheck, {}, { token })).status).toBe(200);
  });

  it('limits downloads per session', async () => {
    const member = await seedMember(t);
    const { token } = await logIn(t, member);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await t.get(ApiPaths.personalData, { token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
