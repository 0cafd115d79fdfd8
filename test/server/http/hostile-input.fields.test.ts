import { ApiPaths, paymentStatusPath } from '../../../src/contract/api';
import { type InjectedApp } from '../support/in-memory-server';
import { injectedAppWithMember } from './hostile-input.support';
import { ALLOWED_TEXTS, encodeComponent } from './hostile-input.arbitraries';

describe('control characters in any field answer 400 naming it (in-memory, app.inject)', () => {
  let t: InjectedApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await injectedAppWithMember());
  }, 30_000);
  afterAll(() => t.close());

  const member = {
    name: 'Aisyah Rahman',
    nationality: 'Malaysian',
    ic_or_passport: '900101015555',
    phone_no: '60123456789',
    password: 'correct horse battery',
    tac_code: '123456',
  };
  const BODY_CASES: Array<[string, string, Record<string, unknown>, string, string, boolean]> = [
    [
      'login',
      ApiPaths.login,
      { ic_or_passport: '', password: 'x' },
      'ic_or_passport',
      'IC or Passport Number',
      false,
    ],
    [
      'login',
      ApiPaths.login,
      { ic_or_passport: 'A1234567', password: '' },
      'password',
      'Password',
      false,
    ],
    [
      'send code',
      ApiPaths.sendSmsCode,
      { phone_no: '', purpose: 'registration' },
      'phone_no',
      'Phone Number',
      false,
    ],
    [
      'send code',
      ApiPaths.sendSmsCode,
      { phone_no: '60123456789', purpose: '' },
      'purpose',
      'Code purpose',
      false,
    ],
    ...Object.entries({
      name: 'Full Name',
      nationality: 'Nationality',
      ic_or_passport: 'IC or Passport Number',
      phone_no: 'Phone Number',
      password: 'Password',
      tac_code: 'Verification Code',
    }).map(
      ([key, label]) =>
        ['register', ApiPaths.register, { ...member, [key]: '' }, key, label, false] as [
          string,
          string,
          Record<string, unknown>,
          string,
          string,
          boolean,
        ],
    ),
    [
      'reset',
      ApiPaths.resetPassword,
      { phone_no: '60123456789', tac_code: '123456', new_password: '' },
      'new_password',
      'New Password',
      false,
    ],
    [
      'reset',
      ApiPaths.resetPassword,
      { phone_no: '60123456789', tac_code: '', new_password: 'long enough pw' },
      'tac_code',
      'Verification Code',
      false,
    ],
    ['profile', ApiPaths.updateProfile, { name: '' }, 'name', 'Full Name', true],
    ['profile', ApiPaths.updateProfile, { phone_no: '' }, 'phone_no', 'Phone Number', true],
    ['profile', ApiPaths.updateProfile, { password: '' }, 'password', 'Password', true],
    [
      'payment',
      ApiPaths.createPayment,
      { amount: '', payment_method: 'qr' },
      'amount',
      'Amount',
      true,
    ],
    [
      'payment',
      ApiPaths.createPayment,
      { amount: '60.00', payment_method: '' },
      'payment_method',
      'Payment Method',
      true,
    ],
    [
      'callback',
      ApiPaths.paymentCallback,
      { transactionId: '', status: 'completed' },
      'transactionId',
      'Transaction ID',
      false,
    ],
    ['logout', ApiPaths.logout, { note: '' }, 'note', 'The field "note"', true],
    ['session check', ApiPaths.sessionCheck, { note: '' }, 'note', 'The field "note"', true],
  ];

  describe.each(['\u0000', '\u001b', '\u007f', '\u0085', '\ud83d'])('with U+%s', (character) => {
    it.each(BODY_CASES)('%s: %s.%s', async (_name, path, body, field, label, auth) => {
      const hostile = { ...body, [field]: `ab${character}cd` };
      const answer = await t.post(path, hostile, auth ? { token } : {});
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        status: 0,
        message: `${label} contains characters that are not allowed.`,
        code: 'DISALLOWED_CHARACTERS',
        field,
      });
    });
  });

  it('checks query parameters and path parameters too', async () => {
    const refused = async (path: string, label: string, auth = false) => {
      const answer = await t.get(path, auth ? { token } : {});
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({
        path,
        status: 400,
        message: `${label} contains characters that are not allowed.`,
      });
    };
    await refused(`${ApiPaths.userExists}?phone=6012%00345678`, 'Phone Number');
    await refused(
      `${ApiPaths.userExists}?phone=60123456789&ic=A12%7F34567`,
      'IC or Passport Number',
    );
    await refused(
      `${ApiPaths.userExists}?phone=60123456789&nationality=Malaysian%C2%85`,
      'Nationality',
    );
    await refused(`${ApiPaths.transactionDetails}?transactionId=TXN%00`, 'Transaction ID', true);
    await refused(paymentStatusPath('TXN\u0000ABC'), 'Payment ID', true);
    await refused('/dev/sms-outbox?phone_no=60%C2%9F', 'Phone Number');
    await refused(`/payment/redirect?billplz%5Bid%5D=a%1Fb`, 'The field "billplz[id]"');
  });

  it('answers a URL that cannot be decoded (a lone surrogate’s bytes) with the envelope', async () => {
    const answer = await t.get(`/payment/status/${encodeComponent('TXN\ud800')}`, { token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 0,
      message: 'Request address is not valid.',
      code: 'URL_INVALID',
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('checks a form-encoded callback body as the raw text it is', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.paymentCallback}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'billplz[id]=abc\u0000&billplz[paid]=true',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      message: 'The request contains characters that are not allowed.',
      code: 'DISALLOWED_CHARACTERS',
    });
  });

  it('names an unknown field, and never repeats an odd field name', async () => {
    const unknown = await t.post(ApiPaths.login, {
      ic_or_passport: 'A1234567',
      password: 'x',
      remark: 'a\u0000',
    });
    expect(unknown.body.message).toBe(
      'The field "remark" contains characters that are not allowed.',
    );
    const oddKey = await t.post(ApiPaths.login, {
      ic_or_passport: 'A1234567',
      password: 'x',
      ['re\u0000mark']: 'a',
    });
    expect(oddKey.status).toBe(400);
    expect(oddKey.body.message).toBe('A field name contains characters that are not allowed.');
  });

  it.each(ALLOWED_TEXTS.filter((text) => [...text].length >= 2))(
    'stores a name in any script: %s',
    async (name) => {
      const answer = await t.post(ApiPaths.updateProfile, { name }, { token });
      expect(answer.status).toBe(200);
      expect((await t.get(ApiPaths.profile, { token })).body.data).toMatchObject({ name });
    },
  );
});
