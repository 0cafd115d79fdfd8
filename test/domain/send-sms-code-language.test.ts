import { SendSmsCodeUseCase } from '../../src/domain/use-cases/send-sms-code.use-case';
import { answer, FakeHttp } from '../fakes/fake-http';

describe('SendSmsCodeUseCase and the page language', () => {
  const send = (language: string | undefined) => {
    const http = new FakeHttp().on('sendSmsCode', answer({ expires_in: 300 }));
    const useCase = new SendSmsCodeUseCase(http, () => language);
    return useCase
      .execute({ phoneNo: '60123456789', purpose: 'registration' })
      .then(() => http.calls[0].request);
  };

  it("names the page's language, so the SMS is written in it", async () => {
    expect(await send('ms')).toEqual({
      phone_no: '60123456789',
      purpose: 'registration',
      language: 'ms',
    });
    expect(await send('zh-CN')).toMatchObject({ language: 'zn' });
  });

  it('names none for a language the portal does not speak (the server writes English)', async () => {
    expect(await send('de')).toEqual({ phone_no: '60123456789', purpose: 'registration' });
    expect(await send(undefined)).toEqual({ phone_no: '60123456789', purpose: 'registration' });
  });
});
