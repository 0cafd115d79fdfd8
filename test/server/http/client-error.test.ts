import net from 'node:net';
import { PassThrough } from 'node:stream';
import { startInstance, type TestApp } from '../support/test-app';

const TOKEN = 'secret-bearer-token-0123456789';

/** Writes `bytes` on a fresh connection; resolves with all the server sent before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.once('connect', () => socket.write(bytes));
  });
}

/** The status, headers (lower-case names) and body of one raw HTTP answer. */
function parseAnswer(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('a request the HTTP parser refuses, on a listening server (raw socket)', () => {
  let t: TestApp;
  let port: number;
  let logs: string;
  beforeAll(async () => {
    const stream = new PassThrough();
    logs = '';
    stream.on('data', (chunk: Buffer) => {
      logs += chunk.toString();
    });
    t = await startInstance({ logStream: stream, config: { logLevel: 'trace' } });
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(() => t.close());

  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
  it.each([
    [
      'a Content-Length that is not a number',
      head([
        'POST /api/service/login HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: abc',
      ]),
    ],
    [
      'two different Content-Lengths',
      head([
        'POST /api/service/login HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Length: 2',
        'Content-Length: 3',
      ]),
    ],
    ['a request line that is not one', head(['THIS IS NOT HTTP'])],
    ['an unknown HTTP version', head(['GET /api/health HTTP/7.1', 'Host: 127.0.0.1'])],
    [
      'a header name with a space',
      head([
        'GET /api/user HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${TOKEN}`,
        'Bad Header: 1',
      ]),
    ],
    [
      'a header value with a control character',
      head(['GET /api/health HTTP/1.1', 'Host: 127.0.0.1', 'X-Note: a\u0001b']),
    ],
    [
      'headers over the size limit',
      head(['GET /api/health HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'a'.repeat(20_000)}`]),
    ],
  ])('answers %s with the envelope’s 400 INVALID_REQUEST, then closes', async (_case, bytes) => {
    const answer = parseAnswer(await rawExchange(port, bytes));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      status: 0,
      message: 'Invalid request.',
      code: 'INVALID_REQUEST',
    });
  });

  it('logs the parser’s code but none of the bytes received, which may hold a token', () => {
    expect(logs).toContain('malformed request');
    expect(logs).toContain('HPE_');
    expect(logs).not.toContain(TOKEN);
  });

  it('still answers a well-formed request on the same server', async () => {
    const answer = parseAnswer(
      await rawExchange(
        port,
        head(['GET /api/health HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close']),
      ),
    );
    expect(answer.status).toBe(200);
  });
});
