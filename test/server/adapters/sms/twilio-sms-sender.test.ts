import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  SmsSendError,
  TwilioSmsSender,
} from '../../../../server/adapters/sms/twilio-sms-sender.adapter';
import { eachDatabase } from '../../../../scripts/support/databases';
import { getJson, postJson } from '../../support/http';
import { eventually } from '../../support/instances';
import { aMember } from '../../support/members';
import { startTestApp } from '../../support/test-app';

jest.setTimeout(60_000);

interface Received {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

/** A local stand-in for api.twilio.com that records requests and answers a chosen status. */
class TwilioStub {
  readonly received: Received[] = [];
  status = 201;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization ?? '',
          contentType: req.headers['content-type'] ?? '',
          form: new URLSearchParams(body),
        });
        res.writeHead(this.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ sid: 'SM123', status: this.status < 300 ? 'queued' : 'failed' }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('TwilioSmsSender against a local stub', () => {
  const stub = new TwilioStub();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await stub.start();
  });
  afterAll(() => stub.stop());

  const sender = () =>
    new TwilioSmsSender({ accountSid: 'AC123', authToken: 'tok', from: '+15005550006', baseUrl });

  it('posts To, From and Body form-encoded with basic auth to the Messages resource', async () => {
    stub.status = 201;
    await sender().send({
      phoneNo: '60123456789',
      purpose: 'registration',
      code: '123456',
      body: 'Your code is 123456',
    });
    const request = stub.received.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+60123456789',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
  });

  it('rejects when the provider refuses the message', async () => {
    stub.status = 400;
    const sending = sender().send({
      phoneNo: '60123456789',
      purpose: 'registration',
      code: '123456',
      body: 'Your code is 123456',
    });
    await expect(sending).rejects.toBeInstanceOf(SmsSendError);
    await expect(sending).rejects.toThrow('Twilio answered HTTP 400');
  });
});

describe.each(eachDatabase())('SMS_PROVIDER=twilio on %s', (database) => {
  it('sends codes through Twilio, keeps none in the outbox, and answers at once when it fails', async () => {
    const stub = new TwilioStub();
    const stubUrl = await stub.start();
    const t = await startTestApp({
      database,
      config: {
        smsProvider: 'twilio',
        twilio: { accountSid: 'AC9', authToken: 'secret', from: '+15005550006', baseUrl: stubUrl },
      },
    });
    try {
      const phone_no = aMember().phone_no;
      const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
        phone_no,
        purpose: 'registration',
      });
      expect(sent.status).toBe(200);
      // The send queue hands the message to Twilio after the answer.
      await eventually(async () => stub.received.length === 1);
      expect(stub.received[0].form.get('To')).toBe(`+${phone_no}`);
      expect(stub.received[0].form.get('Body')).toMatch(/code is \d{6}\./);
      expect((await getJson<unknown[]>(t.baseUrl, '/dev/sms-outbox')).body.data).toEqual([]);

      stub.status = 500;
      const failed = await postJson(t.baseUrl, '/service/send_sms_code', {
        phone_no: aMember().phone_no,
        purpose: 'registration',
      });
      // The member is not kept waiting for Twilio: its 5xx is retried behind the answer.
      expect(failed.status).toBe(200);
      await eventually(async () => stub.received.length === 2);
    } finally {
      await t.close();
      await stub.stop();
    }
  });
});
