import { ApiPaths } from '../../../../src/contract/api';
import { SMS_REPORT_PATHS } from '../../../../server/domain/sms-delivery';
import { twilioSignature } from '../../../../server/http/routes/sms-delivery.routes';
import { type SmsSender, type SmsSent } from '../../../../server/ports/sms-sender.port';
import { type Config } from '../../../../server/config';
import { aMember } from '../../support/members';
import { injectedApp, type InjectedApp } from '../../support/in-memory-server';

const AUTH_TOKEN = 'twilio-auth-token-for-tests';
const REPORT_SECRET = 'report-secret-0123456789';

/** A provider that takes every message and names it SM1, SM2, ... as Twilio names them. */
class NamingSender implements SmsSender {
  count = 0;
  refuse = false;
  async send(): Promise<SmsSent> {
    if (this.refuse) throw new Error('refused');
    this.count += 1;
    return { providerMessageId: `SM${this.count}` };
  }
}

async function appWith(config: Partial<Config>) {
  const sender = new NamingSender();
  const t = await injectedApp({ config, adapters: { smsSender: sender } });
  const { phone_no } = aMember();
  const send = () => t.post(ApiPaths.sendSmsCode, { phone_no, purpose: 'registration' });
  const deliveries = () => t.container.smsCodes.recentDeliveries(phone_no, 5);
  return { t, sender, send, deliveries };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('Twilio’s status callback (app.inject)', () => {
  let t: InjectedApp;
  afterEach(() => t.close());

  const twilio = {
    smsProvider: 'twilio' as const,
    twilio: { accountSid: 'AC1', authToken: AUTH_TOKEN, from: '+1500', baseUrl: 'http://x' },
  };
  const callback = (fields: URLSearchParams, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${SMS_REPORT_PATHS.twilio}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      },
      payload: fields.toString(),
    });
  const signed = (fields: URLSearchParams) =>
    twilioSignature(AUTH_TOKEN, `http://portal.test/api${SMS_REPORT_PATHS.twilio}`, fields);

  it('records the send as queued, then what a signed callback reports', async () => {
    const setup = await appWith(twilio);
    t = setup.t;
    expect((await setup.send()).status).toBe(200);
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'queued' })]);

    const delivered = form({ MessageSid: 'SM1', MessageStatus: 'delivered', AccountSid: 'AC1' });
    const answer = await callback(delivered, signed(delivered));
    expect(answer.statusCode).toBe(200);
    expect(await setup.deliveries()).toEqual([
      expect.objectContaining({ status: 'delivered', error: null }),
    ]);
    const counted = await t.container.metrics.smsDelivery.get();
    expect(counted.values).toEqual([{ labels: { status: 'delivered' }, value: 1 }]);
  });

  it('keeps the provider’s error code of an undelivered message', async () => {
    const setup = await appWith(twilio);
    t = setup.t;
    await setup.send();
    const failed = form({ MessageSid: 'SM1', MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect((await callback(failed, signed(failed))).statusCode).toBe(200);
    expect(await setup.deliveries()).toEqual([
      expect.objectContaining({ status: 'failed', error: '30003' }),
    ]);
  });

  it('refuses a forged or unsigned callback, and changes nothing', async () => {
    const setup = await appWith(twilio);
    t = setup.t;
    await setup.send();
    const fields = form({ MessageSid: 'SM1', MessageStatus: 'delivered' });
    const forged = twilioSignature(
      'another-token',
      `http://portal.test/api/sms/twilio-status`,
      fields,
    );
    for (const answer of [await callback(fields, forged), await callback(fields)]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'CALLBACK_BAD_SIGNATURE' });
    }
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'queued' })]);
  });

  it('records a send the provider refused as failed', async () => {
    const setup = await appWith(twilio);
    t = setup.t;
    setup.sender.refuse = true;
    expect((await setup.send()).status).toBe(502);
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

describe('the HTTP provider’s delivery report (app.inject)', () => {
  let t: InjectedApp;
  afterEach(() => t.close());

  const http = (reportSecret?: string): Partial<Config> => ({
    smsProvider: 'http',
    smsHttp: {
      url: 'http://sms.test/send',
      method: 'POST',
      format: 'json',
      fields: { to: '{to}', text: '{text}' },
      headers: {},
      secret: '',
      successStatus: '2xx',
      report: reportSecret
        ? {
            secret: reportSecret,
            idField: 'msgid',
            statusField: 'stat',
            errorField: 'err',
            statuses: { DELIVRD: 'delivered', UNDELIV: 'failed', ACK: 'sent' },
          }
        : undefined,
    },
  });
  const path = `/api${SMS_REPORT_PATHS.http}`;

  it('takes a JSON report with the secret as a Bearer token', async () => {
    const setup = await appWith(http(REPORT_SECRET));
    t = setup.t;
    await setup.send();
    const answer = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${REPORT_SECRET}` },
      payload: { msgid: 'SM1', stat: 'UNDELIV', err: 'E-42' },
    });
    expect(answer.statusCode).toBe(200);
    expect(await setup.deliveries()).toEqual([
      expect.objectContaining({ status: 'failed', error: 'E-42' }),
    ]);
  });

  it('takes a GET report with the secret in the query, and ignores a status it cannot map', async () => {
    const setup = await appWith(http(REPORT_SECRET));
    t = setup.t;
    await setup.send();
    const get = (query: string) => t.app.inject({ method: 'GET', url: `${path}?${query}` });
    expect((await get(`secret=${REPORT_SECRET}&msgid=SM1&stat=WHATEVER`)).statusCode).toBe(200);
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'queued' })]);
    expect((await get(`secret=${REPORT_SECRET}&msgid=SM1&stat=ACK`)).statusCode).toBe(200);
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('refuses a report without the secret, and changes nothing', async () => {
    const setup = await appWith(http(REPORT_SECRET));
    t = setup.t;
    await setup.send();
    const answer = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'secret=guess&msgid=SM1&stat=DELIVRD',
    });
    expect(answer.statusCode).toBe(401);
    expect(await setup.deliveries()).toEqual([expect.objectContaining({ status: 'queued' })]);
  });

  it('has no report route without SMS_HTTP_REPORT_SECRET', async () => {
    const setup = await appWith(http());
    t = setup.t;
    expect((await t.app.inject({ method: 'POST', url: path, payload: {} })).statusCode).toBe(404);
  });
});
