import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { HttpSmsSender } from '../../../../server/adapters/sms/http-sms-sender.adapter';
import { SmsSendError } from '../../../../server/adapters/sms/twilio-sms-sender.adapter';
import { ConfigError, loadConfig } from '../../../../server/config';
import { type SmsHttpConfig } from '../../../../server/settings/sms-http';
import { postJson } from '../../support/http';
import { eventually } from '../../support/instances';
import { aMember } from '../../support/members';
import { startInstance } from '../../support/test-app';
import { Sms123StandIn } from './sms123-stand-in';

jest.setTimeout(60_000);

const API_KEY = 'sms123-test-key-0123456789';

/** The worked example's settings, as docs/production.md gives them (its ```sh block). */
function workedExample(): Record<string, string> {
  const doc = readFileSync(path.join(__dirname, '../../../../docs/production.md'), 'utf8');
  const block = /```sh\n(SMS_PROVIDER=http\n[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const env = Object.fromEntries(
    block
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, name, value]) => [name, value.replace(/^'(.*)'$/, '$1')]),
  );
  expect(env.SMS_PROVIDER).toBe('http');
  return env;
}

/** The example pointed at the stand-in, with a key of the test's. */
function exampleConfig(standInUrl: string) {
  const example = workedExample();
  return loadConfig({
    ...example,
    APP_ENV: 'test',
    SMS_HTTP_URL: example.SMS_HTTP_URL.replace('https://www.sms123.net', standInUrl),
    SMS_HTTP_SECRET: API_KEY,
  });
}

const message = { phoneNo: '60123456789', purpose: 'registration' as const, code: '123456' };

describe('HttpSmsSender, the worked example against an SMS123 stand-in', () => {
  const standIn = new Sms123StandIn(API_KEY);
  let url: string;
  beforeAll(async () => {
    url = await standIn.start();
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.status = 200;
  });

  const sender = (overrides: Partial<SmsHttpConfig> = {}) => {
    const config = exampleConfig(url).smsHttp;
    if (!config) throw new Error('the example is not SMS_PROVIDER=http');
    return new HttpSmsSender({ ...config, ...overrides });
  };

  it('sends the recipient, the text and our id in the query, and reads SMS123 reference', async () => {
    const body = 'RM0 ACME Club: Your sign-up code is 123456. It expires in 5 min. Never share it.';
    const sent = await sender().send({ ...message, body, id: 'code-1' });
    const request = standIn.received.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/api/send.php');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      apiKey: API_KEY,
      recipients: '60123456789',
      messageContent: body,
      referenceID: 'code-1',
    });
    expect(sent).toEqual({ providerMessageId: expect.stringMatching(/^S123-\d+$/) });
  });

  it('fails a send the answer calls an error, though HTTP 200, naming no secret', async () => {
    const failure = await sender({ secret: 'a-wrong-key' })
      .send({ ...message, body: 'RM0 ACME: 123456', id: 'code-2' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toBe('SMS provider answered HTTP 200 without status=ok');
    expect((failure as Error).message).not.toContain('a-wrong-key');
  });

  it('fails a send on a status outside the accepted ones', async () => {
    standIn.status = 503;
    const failure = await sender()
      .send({ ...message, body: 'RM0 ACME: 123456', id: 'code-3' })
      .catch((error: unknown) => error);
    expect(failure).toEqual(new SmsSendError('SMS provider answered HTTP 503', 503));
  });

  it('sends the codes of the whole server through it, RM0 and the brand first', async () => {
    const t = await startInstance({ config: exampleConfig(url) });
    try {
      const { phone_no } = aMember();
      const sent = await postJson(t.baseUrl, '/service/send_sms_code', {
        phone_no,
        purpose: 'registration',
        language: 'ms',
      });
      expect(sent.status).toBe(200);
      // The send queue hands the message to the provider after the answer.
      const before = standIn.received.length;
      await eventually(async () => standIn.received.length > before);
      const query = standIn.received.at(-1)?.query;
      expect(query?.get('recipients')).toBe(phone_no);
      expect(query?.get('messageContent')).toMatch(/^RM0 ACME Club: \d{6} ialah kod pendaftaran/);
      expect(query?.get('referenceID')).toMatch(/^[0-9a-f-]{36}$/);

      standIn.status = 500;
      const failed = await postJson(t.baseUrl, '/service/send_sms_code', {
        phone_no: aMember().phone_no,
        purpose: 'registration',
      });
      // The member is not kept waiting for the provider: its 5xx is retried behind the answer.
      expect(failed.status).toBe(200);
      await eventually(async () => standIn.received.length > before + 1);
    } finally {
      await t.close();
    }
  });
});

describe('HttpSmsSender with a JSON or form body', () => {
  let server: Server;
  let url: string;
  const seen: { contentType?: string; authorization?: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({
          contentType: req.headers['content-type'],
          authorization: req.headers.authorization,
          body,
        });
        res.writeHead(202, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ result: { accepted: true, messages: [{ id: 'm-9' }] } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const base: SmsHttpConfig = {
    url: '',
    method: 'POST',
    format: 'json',
    fields: { to: '{to_e164}', message: { text: '{text}', ref: '{id}' }, unicode: true },
    headers: { Authorization: 'Bearer {secret}' },
    secret: 's3cret',
    successStatus: '2xx',
    successField: { path: 'result.accepted', value: 'true' },
    messageIdField: 'result.messages.0.id',
  };

  it('writes nested JSON with the placeholders filled and the secret in a header', async () => {
    const sent = await new HttpSmsSender({ ...base, url }).send({
      ...message,
      body: 'RM0 "ACME": 123456\n@a.my #123456',
      id: 'c-1',
    });
    expect(sent).toEqual({ providerMessageId: 'm-9' });
    expect(seen.at(-1)?.contentType).toBe('application/json');
    expect(seen.at(-1)?.authorization).toBe('Bearer s3cret');
    expect(JSON.parse(seen.at(-1)?.body ?? '')).toEqual({
      to: '+60123456789',
      message: { text: 'RM0 "ACME": 123456\n@a.my #123456', ref: 'c-1' },
      unicode: true,
    });
  });

  it('writes a form body', async () => {
    await new HttpSmsSender({
      ...base,
      url,
      format: 'form',
      fields: { to: '{to}', msg: '{text}' },
    }).send({ ...message, body: 'RM0 A&B: 123456' });
    expect(seen.at(-1)?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen.at(-1)?.body))).toEqual({
      to: '60123456789',
      msg: 'RM0 A&B: 123456',
    });
  });

  it('takes only the listed statuses', async () => {
    const failure = await new HttpSmsSender({ ...base, url, successStatus: '200,201' })
      .send({ ...message, body: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toEqual(new SmsSendError('SMS provider answered HTTP 202', 202));
  });
});

describe('SMS_HTTP_* settings', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig({ SMS_PROVIDER: 'http', ...env });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('are ignored unless SMS_PROVIDER is http', () => {
    expect(loadConfig({ SMS_HTTP_FIELDS: 'not json' }).smsHttp).toBeUndefined();
  });

  it('refuse a description the sender could not follow, naming each setting', () => {
    expect(problemsOf({})).toEqual(['SMS_HTTP_URL: is required when SMS_PROVIDER is http']);
    expect(
      problemsOf({
        SMS_HTTP_URL: 'https://sms.example.my/send',
        SMS_HTTP_METHOD: 'GET',
        SMS_HTTP_FIELDS: '{"k":"{secret}","to":"{phone}"}',
        SMS_HTTP_HEADERS: '[]',
        SMS_HTTP_SUCCESS_STATUS: 'ok',
        SMS_HTTP_SUCCESS_FIELD: 'status',
      }),
    ).toEqual([
      'SMS_HTTP_FORMAT: a GET request carries its fields as query',
      'SMS_HTTP_HEADERS: must be a JSON object',
      'SMS_HTTP_FIELDS/SMS_HTTP_HEADERS: unknown placeholders {phone} (known: {to}, {to_e164}, {text}, {id}, {secret})',
      'SMS_HTTP_FIELDS: must carry {text} and {to} (or {to_e164})',
      'SMS_HTTP_SECRET: is required when a template names {secret}',
      'SMS_HTTP_SUCCESS_STATUS: must be status codes or classes such as 2xx, comma-separated (got "ok")',
      'SMS_HTTP_SUCCESS_FIELD: must be path=value (for example status=ok)',
    ]);
  });

  it('take a delivery-report route only with a secret, and map statuses to ours', () => {
    const base = { SMS_HTTP_URL: 'https://sms.example.my/send' };
    const http = (env: NodeJS.ProcessEnv) => loadConfig({ SMS_PROVIDER: 'http', ...base, ...env });
    expect(http({}).smsHttp?.report).toBeUndefined();
    expect(
      http({
        SMS_HTTP_REPORT_SECRET: 'a-report-secret-0123',
        SMS_HTTP_REPORT_STATUSES: '{"DELIVRD":"delivered","UNDELIV":"failed"}',
      }).smsHttp?.report,
    ).toEqual({
      secret: 'a-report-secret-0123',
      idField: 'id',
      statusField: 'status',
      errorField: 'error',
      statuses: { DELIVRD: 'delivered', UNDELIV: 'failed' },
    });
    expect(
      problemsOf({
        ...base,
        SMS_HTTP_REPORT_SECRET: 'short',
        SMS_HTTP_REPORT_STATUSES: '{"DELIVRD":"arrived"}',
      }),
    ).toEqual([
      'SMS_HTTP_REPORT_SECRET: must be at least 16 characters',
      'SMS_HTTP_REPORT_STATUSES: each value must be queued, sent, delivered or failed',
    ]);
  });

  it('need the brand in production, as every provider that reaches a carrier', () => {
    const problems = problemsOf({
      APP_ENV: 'production',
      SMS_HTTP_URL: 'https://sms.example.my/send',
    });
    expect(problems).toContainEqual(expect.stringMatching(/^SMS_BRAND: production needs/));
  });
});
