import { CheckPhoneUseCase } from '../../src/domain/use-cases/check-phone.use-case';
import { RegisterUseCase } from '../../src/domain/use-cases/register.use-case';
import { ResetPasswordUseCase } from '../../src/domain/use-cases/reset-password.use-case';
import {
  DEFAULT_CODE_TTL_SECONDS,
  SendSmsCodeUseCase,
} from '../../src/domain/use-cases/send-sms-code.use-case';
import { FakeHttp } from '../fakes/fake-http';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('CheckPhoneUseCase', () => {
  const input = {
    phoneNo: '+60 12-345 6789',
    nationality: 'Malaysian' as const,
    icOrPassport: ' k1234567',
  };

  it('proceeds on status 1 and can_proceed true, querying phone, nationality and ic normalised', async () => {
    const http = new FakeHttp().on('GET', '/user/exists', { data: { can_proceed: true } });

    const result = await new CheckPhoneUseCase(http).execute(input);

    expect(result.ok).toBe(true);
    expect(http.calls[0].options?.query).toEqual({
      phone: '60123456789',
      nationality: 'Malaysian',
      ic: 'K1234567',
    });
  });

  it.each([
    [
      'can_proceed false',
      { data: { can_proceed: false }, message: 'Phone already registered' },
      'Phone already registered',
    ],
    ['status 0', { status: 0, message: '' }, undefined],
    ['status 1 without data', { status: 1 }, undefined],
  ])('stops on %s with the "already registered" fallback', async (_case, reply, serverMessage) => {
    const http = new FakeHttp().on('GET', '/user/exists', reply);
    const result = await new CheckPhoneUseCase(http).execute(input);
    expect(result).toEqual({
      ok: false,
      error: { key: 'signUp.phoneTaken', ...(serverMessage ? { serverMessage } : {}) },
    });
  });

  it('stops with the "failed to verify" fallback when the call fails', async () => {
    const http = new FakeHttp().failNetwork('GET', '/user/exists');
    const result = await new CheckPhoneUseCase(http).execute(input);
    expect(result).toEqual({ ok: false, error: { key: 'signUp.phoneCheckFailed' } });
  });
});

describe('SendSmsCodeUseCase', () => {
  it('posts the digits-only phone and the purpose and answers expires_in', async () => {
    const http = new FakeHttp().on('POST', '/service/send_sms_code', { data: { expires_in: 240 } });

    const result = await new SendSmsCodeUseCase(http).execute({
      phoneNo: '+60123456789',
      purpose: 'registration',
    });

    expect(result).toEqual({ ok: true, value: { expiresInSeconds: 240 } });
    expect(http.calls[0].body).toEqual({ phone_no: '60123456789', purpose: 'registration' });
  });

  it('falls back to the API default lifetime when expires_in is missing', async () => {
    const http = new FakeHttp().on('POST', '/service/send_sms_code', { data: {} });
    const result = await new SendSmsCodeUseCase(http).execute({
      phoneNo: '60123456789',
      purpose: 'password_reset',
    });
    expect(result).toEqual({ ok: true, value: { expiresInSeconds: DEFAULT_CODE_TTL_SECONDS } });
  });

  it.each([
    ['registration', 'signUp.sendFailed'],
    ['password_reset', 'forgotPassword.sendFailed'],
  ] as const)(
    'on a 429 for %s: server message, fallback key and Retry-After',
    async (purpose, key) => {
      const http = new FakeHttp().on('POST', '/service/send_sms_code', {
        httpStatus: 429,
        status: 0,
        message: 'Please wait before requesting another code',
        retryAfterSeconds: 42,
      });
      const result = await new SendSmsCodeUseCase(http).execute({
        phoneNo: '60123456789',
        purpose,
      });
      expect(result).toEqual({
        ok: false,
        error: {
          key,
          serverMessage: 'Please wait before requesting another code',
          retryAfterSeconds: 42,
        },
      });
    },
  );

  it('fails with the fallback key when the network is down', async () => {
    const http = new FakeHttp().failNetwork('POST', '/service/send_sms_code');
    const result = await new SendSmsCodeUseCase(http).execute({
      phoneNo: '60123456789',
      purpose: 'registration',
    });
    expect(result).toEqual({ ok: false, error: { key: 'signUp.sendFailed' } });
  });
});

describe('RegisterUseCase', () => {
  const input = {
    name: ' Siti Aminah ',
    nationality: 'Malaysian' as const,
    icOrPassport: '900101145678',
    phoneNo: '+60123456789',
    password: 'secret123',
    code: '123456',
  };

  it('posts the registration payload of the spec', async () => {
    const http = new FakeHttp().on('POST', '/service/register', { message: 'Registered' });

    const result = await new RegisterUseCase(http).execute(input);

    expect(result.ok).toBe(true);
    expect(http.calls[0].body).toEqual({
      name: 'Siti Aminah',
      nationality: 'Malaysian',
      ic_or_passport: '900101145678',
      phone_no: '60123456789',
      password: 'secret123',
      tac_code: '123456',
    });
  });

  it('fails with the server message or the fallback key', async () => {
    const refusing = new FakeHttp().on('POST', '/service/register', {
      httpStatus: 400,
      status: 0,
      message: 'Invalid or expired code',
    });
    expect(await new RegisterUseCase(refusing).execute(input)).toEqual({
      ok: false,
      error: { key: 'signUp.registrationFailed', serverMessage: 'Invalid or expired code' },
    });
    const down = new FakeHttp().failNetwork('POST', '/service/register');
    expect(await new RegisterUseCase(down).execute(input)).toEqual({
      ok: false,
      error: { key: 'signUp.registrationFailed' },
    });
  });
});

describe('ResetPasswordUseCase', () => {
  const input = { phoneNo: '60123456789', code: '654321', newPassword: 'newpass12' };

  it('posts phone_no, tac_code and new_password', async () => {
    const http = new FakeHttp().on('POST', '/service/forgot-password/reset', {});
    const result = await new ResetPasswordUseCase(http).execute(input);
    expect(result.ok).toBe(true);
    expect(http.calls[0].body).toEqual({
      phone_no: '60123456789',
      tac_code: '654321',
      new_password: 'newpass12',
    });
  });

  it('fails with the server message or the fallback key', async () => {
    const refusing = new FakeHttp().on('POST', '/service/forgot-password/reset', {
      httpStatus: 400,
      status: 0,
      message: 'Invalid code',
    });
    expect(await new ResetPasswordUseCase(refusing).execute(input)).toEqual({
      ok: false,
      error: { key: 'forgotPassword.resetFailed', serverMessage: 'Invalid code' },
    });
    const down = new FakeHttp().failNetwork('POST', '/service/forgot-password/reset');
    expect(await new ResetPasswordUseCase(down).execute(input)).toEqual({
      ok: false,
      error: { key: 'forgotPassword.resetFailed' },
    });
  });
});
