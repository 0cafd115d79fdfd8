import { ApiPaths, paymentStatusPath } from '../../../src/contract/api';
import {
  type FailureCase,
  inject,
  register,
  seedOther,
  sendCode,
  until,
  wrongCode,
} from '../support/failures';
import { aMember } from '../support/members';

const LOCALE_FILE = '/locales/en/translation.json';

/** Failures of the request itself: its shape, its address, its size, its type. */
export const REQUEST_CASES: FailureCase[] = [
  [
    'VALIDATION_FAILED',
    'a missing field',
    (c) => c.t.post(ApiPaths.login, { ic_or_passport: 'A1' }),
  ],
  [
    'VALIDATION_FAILED',
    'an unknown field',
    (c) => c.t.post(ApiPaths.login, { ic_or_passport: 'A1', password: 'x', admin: 1 }),
  ],
  ['VALIDATION_FAILED', 'a bad query value', (c) => c.t.get(`${ApiPaths.userExists}?phone=012`)],
  [
    'VALIDATION_FAILED',
    'two profile fields at once',
    (c) =>
      c.t.post(ApiPaths.updateProfile, { name: 'Ab', password: 'long enough' }, { token: c.token }),
  ],
  ['VALIDATION_FAILED', 'a dev route query', (c) => c.t.get('/dev/sms-outbox?x=1')],
  [
    'DISALLOWED_CHARACTERS',
    'a NUL in a field',
    (c) => c.t.post(ApiPaths.login, { ic_or_passport: 'a\u0000', password: 'x' }),
  ],
  ['INVALID_JSON', 'a body that is not JSON', (c) => c.t.post(ApiPaths.login, '{')],
  ['INVALID_REQUEST', 'an empty JSON body', (c) => c.t.post(ApiPaths.login, '')],
  [
    'URL_INVALID',
    'a URL that cannot be decoded',
    (c) => c.t.get('/payment/status/TXN%ED%A0%80', { token: c.token }),
  ],
  ['NOT_FOUND', 'an unknown API path', (c) => c.t.get('/no-such-route')],
  [
    'URL_TOO_LONG',
    'a path parameter over the limit',
    (c) => c.t.get(paymentStatusPath('A'.repeat(200)), { token: c.token }),
  ],
  [
    'BODY_TOO_LARGE',
    'a body over 16 KiB',
    (c) => c.t.post(ApiPaths.login, { ic_or_passport: 'x'.repeat(20_000), password: 'x' }),
  ],
  [
    'UNSUPPORTED_MEDIA_TYPE',
    'an XML body',
    (c) =>
      inject(c.t, {
        method: 'POST',
        url: `/api${ApiPaths.login}`,
        headers: { 'content-type': 'application/xml' },
        payload: 'x',
      }),
  ],
  [
    'PATH_FORBIDDEN',
    'an empty segment in a locale file path',
    (c) => inject(c.t, { method: 'GET', url: '/locales//en/translation.json' }),
  ],
  [
    'PRECONDITION_FAILED',
    'If-Match on a locale file',
    (c) => inject(c.t, { method: 'GET', url: LOCALE_FILE, headers: { 'if-match': '"nope"' } }),
  ],
  [
    'RANGE_NOT_SATISFIABLE',
    'a Range past a locale file',
    (c) => inject(c.t, { method: 'GET', url: LOCALE_FILE, headers: { range: 'bytes=99999999-' } }),
  ],
];

/** Failures of sessions, members and SMS codes. */
export const ACCOUNT_CASES: FailureCase[] = [
  ['AUTH_REQUIRED', 'a profile without a token', (c) => c.t.get(ApiPaths.profile)],
  [
    'AUTH_REQUIRED',
    'a logout with a malformed token',
    (c) => c.t.post(ApiPaths.logout, {}, { headers: { authorization: 'Bearer x' } }),
  ],
  [
    'AUTH_REQUIRED',
    'a payment without a token',
    (c) => c.t.post(ApiPaths.createPayment, { amount: '100', payment_method: 'qr' }),
  ],
  [
    'AUTH_SESSION_ENDED',
    'a made-up token',
    (c) => c.t.post(ApiPaths.sessionCheck, {}, { token: 'x'.repeat(32) }),
  ],
  [
    'AUTH_INVALID_CREDENTIALS',
    'a wrong password',
    (c) =>
      c.t.post(ApiPaths.login, {
        ic_or_passport: c.member.ic_or_passport,
        password: 'wrong password',
      }),
  ],
  [
    'AUTH_TOO_MANY_ATTEMPTS',
    'guessing at one account',
    (c) =>
      until('AUTH_TOO_MANY_ATTEMPTS', 20, () =>
        c.t.post(ApiPaths.login, { ic_or_passport: 'Z7654321', password: 'guess guess' }),
      ),
  ],
  [
    'MEMBER_NOT_FOUND',
    'a session whose member is gone',
    (c) => {
      jest.spyOn(c.t.container.members, 'findById').mockResolvedValueOnce(null);
      return c.t.get(ApiPaths.profile, { token: c.token });
    },
  ],
  [
    'MEMBER_PHONE_TAKEN',
    'a registration code for a member’s phone',
    (c) => sendCode(c, c.member.phone_no),
  ],
  [
    'MEMBER_PHONE_TAKEN',
    'a profile phone another member has',
    async (c) => {
      const other = await seedOther(c);
      return c.t.post(ApiPaths.updateProfile, { phone_no: other.phone_no }, { token: c.token });
    },
  ],
  [
    'MEMBER_IC_TAKEN',
    'a registration with a member’s IC',
    (c) => register(c, '123456', { ic_or_passport: c.member.ic_or_passport }),
  ],
  [
    'SMS_CODE_MISSING',
    'a reset with no code requested',
    (c) =>
      c.t.post(ApiPaths.resetPassword, {
        phone_no: aMember().phone_no,
        tac_code: '123456',
        new_password: 'long enough pw',
      }),
  ],
  [
    'SMS_CODE_WRONG',
    'a wrong code',
    async (c) => {
      const { phone_no } = aMember();
      await sendCode(c, phone_no);
      return register(c, wrongCode(c.t.sms.lastCode(phone_no)), { phone_no });
    },
  ],
  [
    'SMS_CODE_LOCKED',
    'wrong codes until the code is dead',
    async (c) => {
      const { phone_no } = aMember();
      await sendCode(c, phone_no);
      const wrong = wrongCode(c.t.sms.lastCode(phone_no));
      return until('SMS_CODE_LOCKED', 10, () => register(c, wrong, { phone_no }));
    },
  ],
  [
    'SMS_CODE_EXPIRED',
    'a code past its time',
    async (c) => {
      const { phone_no } = aMember();
      await sendCode(c, phone_no);
      await c.t.clock.advance((c.t.config.otpTtlS + 1) * 1000);
      return register(c, c.t.sms.lastCode(phone_no) ?? '', { phone_no });
    },
  ],
  [
    'SMS_CODE_USED',
    'a reset code used twice',
    async (c) => {
      const other = await seedOther(c);
      await sendCode(c, other.phone_no, 'password_reset');
      const tac_code = c.t.sms.lastCode(other.phone_no);
      const body = { phone_no: other.phone_no, tac_code, new_password: 'long enough pw' };
      expect((await c.t.post(ApiPaths.resetPassword, body)).status).toBe(200);
      return c.t.post(ApiPaths.resetPassword, body);
    },
  ],
  [
    'SMS_COOLDOWN',
    'a second code at once',
    async (c) => {
      const { phone_no } = aMember();
      await sendCode(c, phone_no);
      return sendCode(c, phone_no);
    },
  ],
  [
    'SMS_PHONE_LIMIT',
    'more codes than a phone may have in an hour',
    (c) => {
      const { phone_no } = aMember();
      return until('SMS_PHONE_LIMIT', 10, async () => {
        await c.t.clock.advance((c.t.config.smsResendCooldownS + 1) * 1000);
        return sendCode(c, phone_no);
      });
    },
  ],
  [
    'SMS_SEND_FAILED',
    'a provider that refuses',
    (c) => {
      c.t.sms.failNext();
      return sendCode(c, aMember().phone_no);
    },
  ],
];
