import {
  browserPageLifecycle,
  FetchHttpAdapter,
  GET_RECONNECT_RETRIES,
  reconnectDelay,
  parseRetryAfter,
} from '../../src/adapters/fetch-http.adapter';
import { FakeClock } from '../fakes/fake-clock';

const config = { baseUrl: '/api', projectId: 'member-portal', environment: 'test' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** fetch is a third-party edge: jest.fn() stands in for it. */
function adapterWith(...answers: (Response | Error)[]) {
  const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchFn.mockRejectedValueOnce(answer);
    else fetchFn.mockResolvedValueOnce(answer);
  }
  // Reconnect delays of 0 ms: the retry count is what these tests check, not the waiting.
  return {
    fetchFn,
    adapter: new FetchHttpAdapter(
      config,
      fetchFn,
      () => false,
      () => 0,
    ),
  };
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

  it.each([502, 503, 504])(
    "answers a GET %i at once: retries are the data cache's",
    async (code) => {
      const { fetchFn, adapter } = adapterWith(
        json(code, { status: 0, message: 'busy' }),
        json(200, { status: 1, message: 'ok' }),
      );
      await expect(adapter.get('/user/profile/get')).resolves.toMatchObject({ httpStatus: code });
      expect(fetchFn).toHaveBeenCalledTimes(1);
    },
  );

  it('re-sends a GET whose connection dropped (fetch-retry), then answers', async () => {
    const { fetchFn, adapter } = adapterWith(
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: 'ok' }),
    );
    await expect(adapter.get('/user/profile/get')).resolves.toMatchObject({ httpStatus: 200 });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it(`rejects a GET with HttpError once ${GET_RECONNECT_RETRIES} reconnects failed too`, async () => {
    const { fetchFn, adapter } = adapterWith(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: '' }),
    );
    await expect(adapter.get('/user/profile/get')).rejects.toMatchObject({
      name: 'HttpError',
      kind: 'network',
    });
    expect(fetchFn).toHaveBeenCalledTimes(1 + GET_RECONNECT_RETRIES);
  });

  it('does not re-send a GET cut off by leaving the page', async () => {
    const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
    fetchFn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const adapter = new FetchHttpAdapter(
      config,
      fetchFn,
      () => true,
      () => 0,
    );
    await expect(adapter.get('/user/profile/get')).rejects.toMatchObject({ kind: 'interrupted' });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('waits 300 ms, then 600 ms between reconnects', () => {
    expect([0, 1].map(reconnectDelay)).toEqual([300, 600]);
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
    const adapter = new FetchHttpAdapter(config, fetchFn, () => leaving);

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
    const adapter = new FetchHttpAdapter(config, fetchFn, () => leaving);

    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    leaving = true;
    await expect(adapter.post('/service/session-check')).rejects.toMatchObject({
      kind: 'interrupted',
    });
  });
});

describe('browserPageLifecycle', () => {
  /** The window is a third-party edge: a map of listeners stands in for it. */
  function pageWith(clock: FakeClock) {
    const listeners = new Map<string, () => void>();
    const target = {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    } as unknown as Pick<Window, 'addEventListener'>;
    const fire = (type: string) => listeners.get(type)?.();
    return { leaving: browserPageLifecycle(clock, 5000, target), fire };
  }

  it.each(['beforeunload', 'pagehide'])(
    'marks the page as leaving on %s, for 5 s on the clock',
    async (event) => {
      const clock = new FakeClock();
      const { leaving, fire } = pageWith(clock);
      expect(leaving()).toBe(false);
      fire(event);
      expect(leaving()).toBe(true);
      await clock.advance(4999);
      expect(leaving()).toBe(true);
      await clock.advance(1);
      expect(leaving()).toBe(false);
      expect(clock.pendingTimers).toBe(0);
    },
  );

  it('pageshow (the page stayed or came back) clears the mark and its timer', () => {
    const clock = new FakeClock();
    const { leaving, fire } = pageWith(clock);
    fire('beforeunload');
    fire('pagehide');
    expect(clock.pendingTimers).toBe(1);
    fire('pageshow');
    expect(leaving()).toBe(false);
    expect(clock.pendingTimers).toBe(0);
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
