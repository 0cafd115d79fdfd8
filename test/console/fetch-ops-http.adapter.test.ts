import { FetchOpsHttpAdapter } from '../../console/src/adapters/fetch-ops-http.adapter';

interface Sent {
  url: string;
  init: RequestInit | undefined;
}

function adapter(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const http = new FetchOpsHttpAdapter('/api', async (url, init) => {
    sent.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  return { http, sent };
}

const headersOf = (s: Sent) => s.init?.headers as Record<string, string>;

describe('FetchOpsHttpAdapter', () => {
  it('sends the CSRF token on a state-changing call, with the cookie, to the id path', async () => {
    const { http, sent } = adapter(200, { status: 1, message: 'ok', data: { signed_out: 1 } });
    http.setCsrfToken('tok');
    const result = await http.call(
      'signMemberOutEverywhere',
      { reason: 'lost phone' },
      { id: 'a/b' },
    );
    expect(result).toEqual({ ok: true, value: { signed_out: 1 } });
    expect(sent[0].url).toBe('/api/members/a%2Fb/sign-out-everywhere');
    expect(sent[0].init?.method).toBe('POST');
    expect(sent[0].init?.credentials).toBe('same-origin');
    expect(headersOf(sent[0])['x-csrf-token']).toBe('tok');
    expect(sent[0].init?.body).toBe(JSON.stringify({ reason: 'lost phone' }));
  });

  it('sends no CSRF token on sign-in or enrolment, and none on a GET', async () => {
    const { http, sent } = adapter(200, { status: 1, message: 'ok', data: null });
    http.setCsrfToken('tok');
    await http.call('signIn', { email: 'a@b.c', password: 'p', totp_code: '123456' });
    await http.call('enrolmentFinish', { token: 't', password: 'p', totp_code: '123456' });
    await http.call('searchMembers', { q: 'Siti Aminah', cursor: '' });
    expect(sent.map((s) => headersOf(s)['x-csrf-token'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(sent[2].url).toBe('/api/members?q=Siti+Aminah');
    expect(sent[2].init?.body).toBeUndefined();
  });

  it('gives a failure its code, field and wait, never its message', async () => {
    const { http } = adapter(
      429,
      { status: 0, message: 'slow down', code: 'RATE_LIMITED', field: 'reason' },
      { 'Retry-After': '30' },
    );
    expect(await http.call('session', undefined)).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', httpStatus: 429, field: 'reason', retryAfterSeconds: 30 },
    });
  });

  it('names an answer that is not the envelope, and a request that got none', async () => {
    const { http } = adapter(502, '<html>Bad gateway</html>');
    expect(await http.call('session', undefined)).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', httpStatus: 502 },
    });
    const down = new FetchOpsHttpAdapter('/api', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await down.call('session', undefined)).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
  });

  it('downloads an export with the CSRF header and saves it; a refusal is its code', async () => {
    const saved: { text: string; fileName: string }[] = [];
    const pending: Promise<void>[] = [];
    const sent: Sent[] = [];
    let status = 200;
    const http = new FetchOpsHttpAdapter(
      '/api',
      async (url, init) => {
        sent.push({ url, init });
        return status === 200
          ? new Response('a,b\n', { status, headers: { 'Content-Type': 'text/csv' } })
          : new Response(JSON.stringify({ status: 0, message: 'no', code: 'OPS_CSRF_REJECTED' }), {
              status,
              headers: { 'Content-Type': 'application/json' },
            });
      },
      (file, fileName) =>
        void pending.push(file.text().then((text) => void saved.push({ text, fileName }))),
    );
    http.setCsrfToken('tok');
    expect(
      await http.download('/api/payments/export.csv?status=completed', 'payments.csv'),
    ).toEqual({
      ok: true,
      value: null,
    });
    await Promise.all(pending);
    expect(saved).toEqual([{ text: 'a,b\n', fileName: 'payments.csv' }]);
    expect(sent[0].url).toBe('/api/payments/export.csv?status=completed');
    expect(headersOf(sent[0])['x-csrf-token']).toBe('tok');
    expect(sent[0].init?.credentials).toBe('same-origin');
    status = 403;
    expect(await http.download('/api/audit/export', 'audit.jsonl')).toEqual({
      ok: false,
      error: { code: 'OPS_CSRF_REJECTED', httpStatus: 403 },
    });
    expect(saved).toHaveLength(1);
  });
});
