import { CheckPhoneUseCase } from '../../src/domain/use-cases/check-phone.use-case';
import { RegisterUseCase } from '../../src/domain/use-cases/register.use-case';
import { ResetPasswordUseCase } from '../../src/domain/use-cases/reset-password.use-case';
import {
  DEFAULT_CODE_TTL_SECONDS,
  SendSmsCodeUseCase,
} from '../../src/domain/use-cases/send-sms-code.use-case';
import { answer, failure, FakeHttp } from '../fakes/fake-http';

describe('CheckPhoneUseCase', () => {
  const input = {
    phoneNo: '+60 12-345 6789',
    nationality: 'Malaysian' as const,
    icOrPassport: ' k1234567',
  };

  it('proceeds on can_proceed true, querying phone, nationality and ic normalised', async () => {
    const http = new FakeHttp().on('userExists', answer({ can_proceed: true }));

    const result = await new CheckPhoneUseCase(http).execute(input);

    expect(result.ok).toBe(true);
    expect(http.calls[0].request).toEqual({
      phone: '60123456789',
      nationality: 'Malaysian',
      ic: 'K1234567',
    });
  });

  it.each([
    ['the phone', 'MEMBER_PHONE_TAKEN'],
    ['the IC/passport', 'MEMBER_IC_TAKEN'],
  ] as const)('stops when %s is taken, with that reason as the code', async (_case, reason) => {
    const http = new FakeHttp().on('userExists', answer({ can_proceed: false, reason }));
    const result = await new CheckPhoneUseCase(http).execute(input);
    expect(result).toEqual({ ok: false, error: { key: 'signUp.phoneTaken', code: reason } });
  });

  it('stops with the "already registered" fallback when no reason is given', async () => {
    const http = new FakeHttp().on('userExists', answer({ can_proceed: false }));
    const result = await new CheckPhoneUseCase(http).execute(input);
    expect(result).toEqual({ ok: false, error: { key: 'signUp.phoneTaken' } });
  });

  it.each([
    ['the network is down', failure('NO_ANSWER'), { code: 'NO_ANSWER' }],
    [
      'the server refuses the query',
      failure('VALIDATION_FAILED', { field: 'phone' }),
      { code: 'VALIDATION_FAILED', field: 'phone' },
    ],
  ])(
    'stops with the "failed to verify" fallback and the code when %s',
    async (_case, reply, coded) => {
      const http = new FakeHttp().on('userExists', reply);
      const result = await new CheckPhoneUseCase(http).execute(input);
      expect(result).toEqual({ ok: false, error: { key: 'signUp.phoneCheckFailed', ...coded } });
    },
  );
});

describe('SendSmsCodeUseCase', () => {
  it('posts the digits-only phone and the purpose and answers expires_in', async () => {
    const http = new FakeHttp().on('sendSmsCode', answer({ expires_in: 240 }));

    const result = await new SendSmsCodeUseCase(http).execute({
      phoneNo: '+60123456789',
      purpose: 'registration',
    });

    expect(result).toEqual({ ok: true, value: { expiresInSeconds: 240 } });
    expect(http.calls[0].request).toEqual({ phone_no: '60123456789', purpose: 'registration' });
  });

  it('falls back to the API default lifetime when expires_in is missing', async () => {
    const http = new FakeHttp().on('sendSmsCode', answer({} as { expires_in: number }));
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
    'on a cooldown for %s: the code, the fallback key and Retry-After',
    async (purpose, key) => {
      const http = new FakeHttp().on(
        'sendSmsCode',
        failure('SMS_COOLDOWN', { retryAfterSeconds: 42 }),
      );
      const result = await new SendSmsCodeUseCase(http).execute({
        phoneNo: '60123456789',
        purpose,
      });
      expect(result).toEqual({
        ok: false,
        error: { key, code: 'SMS_COOLDOWN', retryAfterSeconds: 42 },
      });
    },
  );

  it('fails with the fallback key when the network is down', async () => {
    const http = new FakeHttp().failNetwork('sendSmsCode');
    const result = await new SendSmsCodeUseCase(http).execute({
      phoneNo: '60123456789',
      purpose: 'registration',
    });
    expect(result).toEqual({ ok: false, error: { key: 'signUp.sendFailed', code: 'NO_ANSWER' } });
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

  it('posts the registration payload: trimmed name, digits-only phone', async () => {
    const http = new FakeHttp().on('register', answer(undefined));

    const result = await new RegisterUseCase(http).execute(input);

    expect(result.ok).toBe(true);
    expect(http.calls[0].request).toEqual({
      name: 'Siti Aminah',
      nationality: 'Malaysian',
      ic_or_passport: '900101145678',
      phone_no: '60123456789',
      password: 'secret123',
      tac_code: '123456',
    });
  });

  it('fails with the code and the fallback key', async () => {
    const refusing = new FakeHttp().on(
      'register',
      failure('SMS_CODE_WRONG', { field: 'tac_code' }),
    );
    expect(await new RegisterUseCase(refusing).execute(input)).toEqual({
      ok: false,
      error: { key: 'signUp.registrationFailed', code: 'SMS_CODE_WRONG', field: 'tac_code' },
    });
    const down = new FakeHttp().failNetwork('register');
    expect(await new RegisterUseCase(down).execute(input)).toEqual({
      ok: false,
      error: { key: 'signUp.registrationFailed', code: 'NO_ANSWER' },
    });
  });
});

describe('ResetPasswordUseCase', () => {
  const input = { phoneNo: '60123456789', code: '654321', newPassword: 'newpass12' };

  it('posts phone_no, tac_code and new_password', async () => {
    const http = new FakeHttp().on('resetPassword', answer(undefined));
    const result = await new ResetPasswordUseCase(http).execute(input);
    expect(result.ok).toBe(true);
    expect(http.calls[0].request).toEqual({
      phone_no: '60123456789',
      tac_code: '654321',
      new_password: 'newpass12',
    });
  });

  it('fails with the code and the fallback key', async () => {
    const refusing = new FakeHttp().on('resetPassword', failure('SMS_CODE_EXPIRED'));
    expect(await new ResetPasswordUseCase(refusing).execute(input)).toEqual({
      ok: false,
      error: { key: 'forgotPassword.resetFailed', code: 'SMS_CODE_EXPIRED' },
    });
    const down = new FakeHttp().failNetwork('resetPassword');
    expect(await new ResetPasswordUseCase(down).execute(input)).toEqual({
      ok: false,
      error: { key: 'forgotPassword.resetFailed', code: 'NO_ANSWER' },
    });
  });
});
