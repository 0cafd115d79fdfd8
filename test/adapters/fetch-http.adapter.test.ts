import {
  FetchHttpAdapter,
  GET_RECONNECT_RETRIES,
  reconnectDelay,
} from '../../src/adapters/fetch-http.adapter';

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

describe('FetchHttpAdapter.call', () => {
  it('sends a GET request as its query, with the fixed headers and no bearer before a token', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: 'ok', data: { can_proceed: true } }),
    );

    const answer = await adapter.call('userExists', {
      phone: '60123456789',
      nationality: 'Non-Malaysian',
      ic: 'A1234567',
    });

    expect(answer).toEqual({ ok: true, value: { can_proceed: true } });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/user/exists?phone=60123456789&nationality=Non-Malaysian&ic=A1234567');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'X-Project-Id': 'member-portal',
      'X-Environment': 'test',
    });
  });

  it('sends a POST request as its JSON body, with no query', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: '', data: { expires_in: 300 } }),
    );
    const answer = await adapter.call('sendSmsCode', {
      phone_no: '60123456789',
      purpose: 'registration',
    });
    expect(answer).toEqual({ ok: true, value: { expires_in: 300 } });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/service/send_sms_code');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"phone_no":"60123456789","purpose":"registration"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no Content-Type for a POST or a GET without a request', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: '' }),
      json(200, { status: 1, message: '', data: { status: 'pending' } }),
    );
    await adapter.call('logout', undefined);
    await adapter.call('profile', undefined);
    expect(fetchFn.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ['/api/service/logout', 'POST', undefined],
      ['/api/user/profile/get', 'GET', undefined],
    ]);
    for (const [, init] of fetchFn.mock.calls)
      expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('appends the path parameter URL-encoded, and passes extra headers', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: '', data: { status: 'pending' } }),
    );
    await adapter.call('paymentStatus', undefined, {
      pathParam: 'pay/1 ?#',
      headers: { 'Idempotency-Key': 'k-1' },
    });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/payment/status/pay%2F1%20%3F%23');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
  });

  it('adds the bearer once set and drops it when cleared', async () => {
    const { fetchFn, adapter } = adapterWith(
      json(200, { status: 1, message: '' }),
      json(200, { status: 1, message: '' }),
    );
    adapter.setToken('tok-1');
    await adapter.call('logout', undefined);
    adapter.setToken(null);
    await adapter.call('logout', undefined);
    const headers = fetchFn.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>).Authorization,
    );
    expect(headers).toEqual(['Bearer tok-1', undefined]);
  });

  it("gives a failure envelope's code, field, HTTP status and Retry-After, never its message", async () => {
    const { adapter } = adapterWith(
      json(
        429,
        { status: 0, message: 'Please wait.', code: 'SMS_COOLDOWN', field: 'phone_no' },
        { 'Retry-After': '42' },
      ),
    );
    await expect(
      adapter.call('sendSmsCode', { phone_no: '60123456789', purpose: 'registration' }),
    ).resolves.toEqual({
      ok: false,
      error: { code: 'SMS_COOLDOWN', httpStatus: 429, field: 'phone_no', retryAfterSeconds: 42 },
    });
  });

  it("keeps the server's message only when the code is unknown (or missing)", async () => {
    const { adapter } = adapterWith(
      json(400, { status: 0, message: 'Something new.', code: 'BRAND_NEW_CODE' }),
      json(401, { status: 0, message: 'Please log in to continue.' }),
      json(500, { status: 0, message: '  ' }),
    );
    expect(await adapter.call('profile', undefined)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_FAILURE', httpStatus: 400, message: 'Something new.' },
    });
    expect(await adapter.call('profile', undefined)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_FAILURE', httpStatus: 401, message: 'Please log in to continue.' },
    });
    expect(await adapter.call('profile', undefined)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_FAILURE', httpStatus: 500 },
    });
  });

  it.each([502, 503, 504])(
    "answers a GET %i at once: retries are the data cache's",
    async (status) => {
      const { fetchFn, adapter } = adapterWith(
        json(status, { status: 0, message: 'busy', code: 'SERVICE_UNAVAILABLE' }),
        json(200, { status: 1, message: 'ok' }),
      );
      await expect(adapter.call('profile', undefined)).resolves.toEqual({
        ok: false,
        error: { code: 'SERVICE_UNAVAILABLE', httpStatus: status },
      });
      expect(fetchFn).toHaveBeenCalledTimes(1);
    },
  );

  it('re-sends a GET whose connection dropped (fetch-retry), then answers', async () => {
    const { fetchFn, adapter } = adapterWith(
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: 'ok', data: { status: 'completed' } }),
    );
    await expect(adapter.call('paymentStatus', undefined, { pathParam: 'p' })).resolves.toEqual({
      ok: true,
      value: { status: 'completed' },
    });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it(`gives NO_ANSWER for a GET once ${GET_RECONNECT_RETRIES} reconnects failed too`, async () => {
    const { fetchFn, adapter } = adapterWith(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: '' }),
    );
    await expect(adapter.call('profile', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
    expect(fetchFn).toHaveBeenCalledTimes(1 + GET_RECONNECT_RETRIES);
  });

  it('does not re-send a GET cut off by leaving the page: INTERRUPTED', async () => {
    const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
    fetchFn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const adapter = new FetchHttpAdapter(
      config,
      fetchFn,
      () => true,
      () => 0,
    );
    await expect(adapter.call('profile', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'INTERRUPTED' },
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('waits 300 ms, then 600 ms between reconnects', () => {
    expect([0, 1].map(reconnectDelay)).toEqual([300, 600]);
  });

  it('never retries a POST, neither on 503 nor on a network error', async () => {
    const register = {
      name: 'Siti',
      nationality: 'Malaysian',
      ic_or_passport: '900101145678',
      phone_no: '60123456789',
      password: 'secret123',
      tac_code: '123456',
    } as const;
    const busy = adapterWith(
      json(503, { status: 0, message: 'busy', code: 'SERVICE_UNAVAILABLE' }),
      json(200, { status: 1, message: '' }),
    );
    await expect(busy.adapter.call('register', register)).resolves.toMatchObject({
      ok: false,
      error: { httpStatus: 503 },
    });
    expect(busy.fetchFn).toHaveBeenCalledTimes(1);

    const down = adapterWith(
      new TypeError('Failed to fetch'),
      json(200, { status: 1, message: '' }),
    );
    await expect(down.adapter.call('register', register)).resolves.toEqual({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
    expect(down.fetchFn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an HTML page', new Response('<html>Bad gateway</html>', { status: 502 })],
    ['JSON without a numeric status', json(502, { ok: true })],
  ])('gives INVALID_RESPONSE with the HTTP status for %s', async (_case, response) => {
    const { adapter } = adapterWith(response);
    await expect(adapter.call('sessionCheck', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', httpStatus: 502 },
    });
  });

  it('calls a request cut off while the page is being left INTERRUPTED, not NO_ANSWER', async () => {
    const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
    fetchFn.mockRejectedValue(new TypeError('Failed to fetch'));
    let leaving = false;
    const adapter = new FetchHttpAdapter(config, fetchFn, () => leaving);

    expect(await adapter.call('sessionCheck', undefined)).toEqual({
      ok: false,
      error: { code: 'NO_ANSWER' },
    });
    leaving = true;
    expect(await adapter.call('sessionCheck', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERRUPTED' },
    });
  });

  it('calls a body cut off while the page is being left INTERRUPTED, not INVALID_RESPONSE', async () => {
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

    expect(await adapter.call('sessionCheck', undefined)).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', httpStatus: 200 },
    });
    leaving = true;
    expect(await adapter.call('sessionCheck', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERRUPTED', httpStatus: 200 },
    });
  });
});
