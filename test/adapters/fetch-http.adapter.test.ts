import {
  FetchHttpAdapter,
  parseRetryAfter,
  retryDelayMs,
} from '../../src/adapters/fetch-http.adapter';
import { HttpError } from '../../src/domain/ports/http.port';

const config = { baseUrl: '/api', projectId: 'member-portal', environment: 'test' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** fetch is a third-party edge: jest.fn() stands in for it. Retries wait 0 ms here. */
function adapterWith(...answers: (Response | Error)[]) {
  const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchFn.mockRejectedValueOnce(answer);
    else fetchFn.mockResolvedValueOnce(answer);
  }
  return { fetchFn, adapter: new FetchHttpAdapter(config, fetchFn, () => 0) };
}

describe('FetchHttpAdapter', () => {
  it('sends the fixed headers, the query and no bearer before a token exists', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: 'ok', data: { can_proceed: true } }),
    );

    const answer = await adapter.get('/user/exists', {
      query: { phone: '60123456789', nationality: 'Malaysian', ic: undefined },
    });

    expect(answer).toEqual({
      httpStatus: 200,
      status: 1,
      message: 'ok',
      data: { can_proceed: true },
    });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/user/exists?phone=60123456789&nationality=Malaysian');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Project-Id': 'member-portal',
      'X-Environment': 'test',
    });
  });

  it('adds the bearer once set and drops it when cleared', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: '' }),
      json(200, { status: 1, message: '' }),
    );
    adapter.setToken('tok-1');
    await adapter.post('/service/logout');
    adapter.setToken(null);
    await adapter.post('/service/logout');
    const headers = fetchFn.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>).Authorization,
    );
    expect(headers).toEqual(['Bearer tok-1', undefined]);
  });

  it('posts JSON', async () => {
    const { fetchFn, adapter } = adapterWith(json(200, { status: 1, message: '' }));
    await adapter.post('/service/login', { ic_or_passport: 'A1234567', password: 'secret123' });
    expect(fetchFn.mock.calls[0][1]?.method).toBe('POST');
    expect(fetchFn.mock.calls[0][1]?.body).toBe(
      '{"ic_or_passport":"A1234567","password":"secret123"}',
    );
  });

  it('resolves an error envelope with its HTTP status and Retry-After', async () => {
    const { adapter } = adapterWith(
      json(429, { status: 0, message: 'Too many requests' }, { 'Retry-After': '42' }),
    );
    await expect(adapter.post('/service/send_sms_code', {})).resolves.toEqual({
      httpStatus: 429,
      status: 0,
      message: 'Too many requests',
      data: undefined,
      retryAfterSeconds: 42,
    });
  });

  it.each([502, 503, 504])('retries a GET 3 times on %i, then answers', async (code) => {
    const { fetchFn, adapter } = adapterWith(
      json(code, { status: 0, message: 'busy' }),
      json(code, { status: 0, message: 'busy' }),
      json(code, { status: 0, message: 'busy' }),
      json(200, { status: 1, message: 'ok' }),
    );
    await expect(adapter.get('/user/profile/get')).resolves.toMatchObject({ status: 1 });
    expect(fetchFn).toHaveBeenCalledTimes(4);
  });

  it('retries a GET on network errors and gives up after 3 retries with HttpError', async () => {
    const down = new TypeError('Failed to fetch');
    const { fetchFn, adapter } = adapterWith(
      down,
      down,
      down,
      down,
      json(200, { status: 1, message: '' }),
    );
    const failure = adapter.get('/user/profile/get');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ kind: 'network' });
    expect(fetchFn).toHaveBeenCalledTimes(4);
  });

  it.each([400, 401, 404, 500])('does not retry a GET on %i', async (code) => {
    const { fetchFn, adapter } = adapterWith(json(code, { status: 0, message: 'no' }));
    await expect(adapter.get('/user/profile/get')).resolves.toMatchObject({ httpStatus: code });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('never retries a POST, neither on 503 nor on a network error', async () => {
    const busy = adapterWith(
      json(503, { status: 0, message: 'busy' }),
      json(200, { status: 1, message: '' }),
    );
    await expect(busy.adapter.post('/service/register', {})).resolves.toMatchObject({
      httpStatus: 503,
    });
    expect(busy.fetchFn).toHaveBeenCalledTimes(1);

    const down = adapterWith(
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: '' }),
    );
    await expect(down.adapter.post('/service/register', {})).rejects.toMatchObject({
      kind: 'network',
    });
    expect(down.fetchFn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an HTML page', new Response('<html>Bad gateway</html>', { status: 200 })],
    ['JSON without a numeric status', json(200, { ok: true })],
  ])('rejects %s as an invalid response', async (_case, response) => {
    const { adapter } = adapterWith(response);
    await expect(adapter.post('/service/login', {})).rejects.toMatchObject({
      name: 'HttpError',
      kind: 'invalid-response',
      httpStatus: 200,
    });
  });

  it('calls a request cut off while the page is being left interrupted, not a network failure', async () => {
    const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
    fetchFn.mockRejectedValue(new TypeError('Failed to fetch'));
    let leaving = false;
    const adapter = new FetchHttpAdapter(
      config,
      fetchFn,
      () => 0,
      () => leaving,
    );

    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({ kind: 'network' });
    leaving = true;
    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({
      kind: 'interrupted',
    });
  });

  it('calls a body cut off while the page is being left interrupted, not an invalid answer', async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"status":1,'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
    fetchFn.mockImplementation(async () => cutOff());
    let leaving = false;
    const adapter = new FetchHttpAdapter(
      config,
      fetchFn,
      () => 0,
      () => leaving,
    );

    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    leaving = true;
    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({
      kind: 'interrupted',
    });
  });
});

describe('retryDelayMs', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16000],
    [5, 30000],
    [10, 30000],
  ])('attempt %i waits %i ms', (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 9, 0, 0);
  it.each([
    [null, undefined],
    ['', undefined],
    ['120', 120],
    ['Thu, 01 Jan 2026 09:01:30 GMT', 90],
    ['soon', undefined],
  ])('%p -> %p', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
