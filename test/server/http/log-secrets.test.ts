import { Writable } from 'node:stream';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer.adapter';
import { serializeError, withoutQuery } from '../../../server/http/log-safety';
import { type CreatePaymentResponse, ApiPaths, paymentStatusPath } from '../../../src/contract/api';
import { gatewayOutcomeCanonical } from '../../../src/contract/sandbox-gateway';
import { eachDatabase } from '../../../scripts/support/databases';
import { getJson, postJson } from '../support/http';
import { aMember, latestSmsCode } from '../support/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** Collects every line the app logs. */
class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }

  text(): string {
    return this.lines.join('\n');
  }

  records(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** Where a secret shows up in the logs: the line, or undefined. Digits match as whole numbers. */
function findIn(logs: string, secret: string): string | undefined {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = /^\d+$/.test(secret)
    ? new RegExp(`(?<!\\d)${escaped}(?!\\d)`)
    : new RegExp(escaped);
  return logs.split('\n').find((line) => pattern.test(line));
}

describe('the log-safety serializers', () => {
  it('drop the query string from a URL', () => {
    expect(withoutQuery('/api/user/exists?phone=60123456789&ic=900101015555')).toBe(
      '/api/user/exists?[redacted]',
    );
    expect(withoutQuery('/api/health')).toBe('/api/health');
  });

  it('keep what names a database error and drop parameters, statement, detail and where', () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint "m_ic_key"'),
      {
        code: '23505',
        severity: 'ERROR',
        constraint: 'm_ic_key',
        table: 'members',
        detail: 'Key (ic)=(900101015555) already exists.',
        where: "unnamed portal parameter $2 = '...'",
        query: 'INSERT INTO members VALUES ($1, $2)',
        params: ['x', '900101015555'],
        queryOptions: {},
        hint: 'secret hint',
      },
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'duplicate key value violates unique constraint "m_ic_key"',
      errorCode: '23505',
      constraint: 'm_ic_key',
      table: 'members',
    });
    // The `where` text itself, not a word of it: a stack trace holds the checkout's path, which
    // may well contain "portal".
    expect(JSON.stringify(logged)).not.toMatch(
      /900101015555|INSERT|secret hint|unnamed portal parameter/,
    );
  });

  it('scrub the value PostgreSQL quotes in a data error, and follow causes', () => {
    const dataError = Object.assign(
      new Error('invalid input syntax for type uuid: "my-secret-token"'),
      { code: '22P02' },
    );
    const wrapped = new Error('database unavailable', { cause: dataError });
    const logged = serializeError(wrapped);
    expect(JSON.stringify(logged)).not.toContain('my-secret-token');
    expect(logged.cause).toMatchObject({
      message: 'invalid input syntax for type uuid: [redacted]',
      errorCode: '22P02',
    });
    expect(serializeError('a thrown string')).toEqual({
      type: 'string',
      message: '[redacted]',
      stack: '',
    });
  });
});

describe.each(eachDatabase())('nothing secret in the logs at trace level on %s', (database) => {
  let t: TestApp;
  const logs = new LogCapture();
  beforeAll(async () => {
    t = await startTestApp({ database, logStream: logs, config: { logLevel: 'trace' } });
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  it('a whole journey, with forced database errors, leaves no secret in any log line', async () => {
    const member = aMember({ password: 'Tr0ub4dor&3-horse' });
    const newPassword = 'correct-battery-staple-42';
    const secrets: Record<string, string> = {
      password: member.password,
      'new password': newPassword,
      IC: member.ic_or_passport,
      phone: member.phone_no,
    };

    // Registration: the availability check (IC and phone in the query), the code, the form.
    const exists = await getJson(
      t.baseUrl,
      `${ApiPaths.userExists}?phone=${member.phone_no}&nationality=Malaysian&ic=${member.ic_or_passport}`,
    );
    expect(exists.status).toBe(200);
    const sent = await postJson(t.baseUrl, ApiPaths.sendSmsCode, {
      phone_no: member.phone_no,
      purpose: 'registration',
    });
    expect(sent.status).toBe(200);
    const code = await latestSmsCode(t.baseUrl, member.phone_no, 'registration');
    secrets['SMS code'] = code;
    const registered = await postJson(t.baseUrl, ApiPaths.register, { ...member, tac_code: code });
    expect(registered.status).toBe(200);

    // Login, a wrong password too, then the session in use.
    const wrong = await postJson(t.baseUrl, ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: 'not-the-password-9',
    });
    expect(wrong.status).toBe(401);
    secrets['wrong password'] = 'not-the-password-9';
    const login = await postJson<{ token: string }>(t.baseUrl, ApiPaths.login, {
      ic_or_passport: member.ic_or_passport,
      password: member.password,
    });
    expect(login.status).toBe(200);
    const token = login.body.data?.token ?? '';
    secrets.token = token;
    const [{ password_hash: firstHash }] = await t.container.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE ic_or_passport = $1',
      [member.ic_or_passport],
    );
    secrets['password hash'] = firstHash;
    // PostgreSQL's error detail shows a hash cut short: its salt is enough to find it.
    secrets['password hash salt'] = firstHash.split('$')[4];
    expect(firstHash).toMatch(/^\$argon2/);

    // Profile read and updates, the password change included.
    expect((await getJson(t.baseUrl, ApiPaths.profile, { token })).status).toBe(200);
    expect(
      (await postJson(t.baseUrl, ApiPaths.updateProfile, { name: 'Aisyah R.' }, { token })).status,
    ).toBe(200);
    expect(
      (await postJson(t.baseUrl, ApiPaths.updateProfile, { password: newPassword }, { token }))
        .status,
    ).toBe(200);
    const [{ password_hash: secondHash }] = await t.container.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE ic_or_passport = $1',
      [member.ic_or_passport],
    );
    secrets['new password hash'] = secondHash;
    secrets['new password hash salt'] = secondHash.split('$')[4];
    const sessionHashes = await t.container.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions',
    );
    sessionHashes.forEach((row, i) => (secrets[`session token hash ${i}`] = row.token_hash));
    const codeHashes = await t.container.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM sms_codes',
    );
    codeHashes.forEach((row, i) => (secrets[`code hash ${i}`] = row.code_hash));

    // A payment: the request, the gateway's signed callback, the status and the receipt.
    const idempotencyKey = 'journey-key-7f3a9c2e';
    secrets['Idempotency-Key'] = idempotencyKey;
    const created = await postJson<CreatePaymentResponse>(
      t.baseUrl,
      ApiPaths.createPayment,
      { amount: '75.50', payment_method: 'qr' },
      { token, headers: { 'Idempotency-Key': idempotencyKey } },
    );
    expect(created.status).toBe(200);
    const payment = created.body.data as CreatePaymentResponse;
    const message = {
      transactionId: payment.payment_id,
      status: 'completed' as const,
      amount: payment.amount,
      timestamp: Math.floor(t.clock.now() / 1000),
    };
    const signature = new HmacSha256PaymentSigner(t.config.gatewaySecret).sign(
      gatewayOutcomeCanonical(message),
    );
    secrets['callback signature'] = signature;
    const callback = await postJson(t.baseUrl, ApiPaths.paymentCallback, {
      ...message,
      signature,
    });
    expect(callback.status).toBe(200);
    const forged = await postJson(t.baseUrl, ApiPaths.paymentCallback, {
      ...message,
      signature: 'ab'.repeat(32),
    });
    expect(forged.status).toBe(401);
    const status = await getJson(t.baseUrl, paymentStatusPath(payment.payment_id), { token });
    expect(status.body.data).toEqual({ status: 'completed' });
    const details = await getJson(
      t.baseUrl,
      `${ApiPaths.transactionDetails}?transactionId=${payment.payment_id}`,
      { token },
    );
    expect(details.status).toBe(200);

    // Forced database errors whose driver objects carry the row (detail) and, on PGlite, the
    // statement's parameters: a name and a password change refused by check constraints.
    await t.container.db.exec(
      `ALTER TABLE members ADD CONSTRAINT log_test_name CHECK (name <> 'Forced Failure') NOT VALID`,
    );
    const failedRename = await postJson(
      t.baseUrl,
      ApiPaths.updateProfile,
      { name: 'Forced Failure' },
      { token },
    );
    expect(failedRename.status).toBe(500);
    await t.container.db.exec('ALTER TABLE members DROP CONSTRAINT log_test_name');
    await t.container.db.exec(
      `ALTER TABLE members ADD CONSTRAINT log_test_hash CHECK (length(password_hash) < 20) NOT VALID`,
    );
    const failedChange = await postJson(
      t.baseUrl,
      ApiPaths.updateProfile,
      { password: 'a-third-password-77' },
      { token },
    );
    expect(failedChange.status).toBe(500);
    await t.container.db.exec('ALTER TABLE members DROP CONSTRAINT log_test_hash');
    secrets['third password'] = 'a-third-password-77';

    await new Promise((resolve) => setImmediate(resolve));
    const text = logs.text();

    const leaks = Object.entries(secrets)
      .map(([what, value]) => ({ what, line: findIn(text, value) }))
      .filter((leak) => leak.line !== undefined);
    expect(leaks).toEqual([]);
    // The logs are there and say what failed (else this test could not fail).
    const records = logs.records();
    expect(records.filter((record) => record.msg === 'incoming request').length).toBeGreaterThan(
      10,
    );
    const failures = records.filter((record) => record.msg === 'request failed');
    expect(failures.map((record) => record.err)).toEqual([
      expect.objectContaining({ errorCode: '23514', constraint: 'log_test_name' }),
      expect.objectContaining({ errorCode: '23514', constraint: 'log_test_hash' }),
    ]);
    expect(text).toContain('/api/user/exists?[redacted]');

    // No argon2 hash at all (the refused change's new hash is known to no one but the logs).
    expect(findIn(text, '$argon2')).toBeUndefined();
  }, 60_000);
});
