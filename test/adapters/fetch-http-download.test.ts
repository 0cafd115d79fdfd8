import { FetchHttpAdapter } from '../../src/adapters/fetch-http.adapter';

const config = { baseUrl: '/api', projectId: 'member-portal', environment: 'test' };

/** fetch is a third-party edge: jest.fn() stands in for it. */
function adapterWith(answer: Response | Error) {
  const fetchFn = jest.fn<Promise<Response>, [string, RequestInit?]>();
  if (answer instanceof Error) fetchFn.mockRejectedValue(answer);
  else fetchFn.mockResolvedValue(answer);
  const adapter = new FetchHttpAdapter(
    config,
    fetchFn,
    () => false,
    () => 0,
  );
  return { fetchFn, adapter };
}

const receipt = (adapter: FetchHttpAdapter) =>
  adapter.download('receiptPdf', { lang: 'zn' }, { pathParam: 'TXN 1', pathSuffix: '/pdf' });

describe('FetchHttpAdapter.download (a receipt PDF)', () => {
  it('asks for the file with the bearer token and answers its bytes and type', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const { fetchFn, adapter } = adapterWith(
      new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    adapter.setToken('t-1');
    const answer = await receipt(adapter);
    expect(answer).toEqual({ ok: true, value: { bytes: pdf, contentType: 'application/pdf' } });
    const [url, init] = fetchFn.mock.calls[0];
    expect(url).toBe('/api/payment/receipt/TXN%201/pdf?lang=zn');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual(
      expect.objectContaining({ Authorization: 'Bearer t-1', Accept: '*/*' }),
    );
  });

  it('reads a refusal from the API’s envelope: its code, never its words', async () => {
    const { adapter } = adapterWith(
      new Response(
        JSON.stringify({ status: 0, message: 'pending', code: 'RECEIPT_NOT_AVAILABLE' }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    expect(await receipt(adapter)).toEqual({
      ok: false,
      error: { code: 'RECEIPT_NOT_AVAILABLE', httpStatus: 409 },
    });
  });

  it('answers INVALID_RESPONSE for an error page that is not the envelope, NO_ANSWER for none', async () => {
    const { adapter } = adapterWith(
      new Response('<html>Bad gateway</html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    expect(await receipt(adapter)).toEqual({
      ok: false,
      error: { code: 'INVALID_RESPONSE', httpStatus: 502 },
    });
    const offline = adapterWith(new TypeError('Failed to fetch'));
    expect(await receipt(offline.adapter)).toEqual({ ok: false, error: { code: 'NO_ANSWER' } });
  });
});
