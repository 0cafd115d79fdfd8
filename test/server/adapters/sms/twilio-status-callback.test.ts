import { TwilioSmsSender } from '../../../../server/adapters/sms/twilio-sms-sender.adapter';
import { HttpSmsSender } from '../../../../server/adapters/sms/http-sms-sender.adapter';
import { realSmsSender } from '../../../../server/adapters/sms/real-sms-sender';
import { loadConfig } from '../../../../server/config';

const message = { phoneNo: '60123456789', purpose: 'registration' as const, code: '123456' };

/** A fetch that records what it was asked and answers as Twilio does to a message accepted. */
function fakeTwilio(answer: object = { sid: 'SM0123', status: 'queued' }) {
  const asked: { url: string; form: URLSearchParams }[] = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), form: new URLSearchParams(String(init?.body)) });
    return new Response(JSON.stringify(answer), { status: 201 });
  }) as typeof fetch;
  return { asked, fetchFn };
}

const TWILIO = { accountSid: 'AC1', authToken: 'token', from: '+1500', baseUrl: 'https://t.test' };

describe('the Twilio sender and its status callback', () => {
  it('names our status callback in the send and gives back the message sid', async () => {
    const { asked, fetchFn } = fakeTwilio();
    const sender = new TwilioSmsSender({
      ...TWILIO,
      fetch: fetchFn,
      statusCallbackUrl: () => 'https://portal.example.my/api/sms/twilio-status',
    });
    expect(await sender.send({ ...message, body: 'RM0 ACME: 123456' })).toEqual({
      providerMessageId: 'SM0123',
    });
    expect(asked[0].form.get('StatusCallback')).toBe(
      'https://portal.example.my/api/sms/twilio-status',
    );
  });

  it('picks Twilio or the HTTP provider by the settings', () => {
    const config = { ...loadConfig({ APP_ENV: 'test' }), publicUrl: 'https://a.example.my' };
    const sender = realSmsSender({ ...config, twilio: TWILIO });
    expect(sender).toBeInstanceOf(TwilioSmsSender);
    const http = loadConfig({
      APP_ENV: 'test',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.my/send',
    });
    expect(realSmsSender(http)).toBeInstanceOf(HttpSmsSender);
  });

  it('gives our own id to the HTTP provider’s reports when its answer names none', async () => {
    const fetchFn = (async () => new Response('OK', { status: 200 })) as typeof fetch;
    const sender = new HttpSmsSender({
      url: 'https://sms.example.my/send',
      method: 'POST',
      format: 'json',
      fields: { to: '{to}', text: '{text}', ref: '{id}' },
      headers: {},
      secret: '',
      successStatus: '2xx',
      fetch: fetchFn,
    });
    expect(await sender.send({ ...message, body: 'x', id: 'code-7' })).toEqual({
      providerMessageId: 'code-7',
    });
  });
});
