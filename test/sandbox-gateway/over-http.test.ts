import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { buildSandboxGateway } from '../../sandbox-gateway/app';
import { fetchCallbackTransport } from '../../sandbox-gateway/sandbox-callback-sender';
import { SandboxPaymentStore } from '../../sandbox-gateway/sandbox-payment-store';
import {
  handOff,
  isSignedByGateway,
  sandboxConfig,
  sessionOf,
  signedForm,
  type ReceivedCallback,
} from './support/sandbox';

// Drawing QR codes is slow on a busy machine (suites run in parallel).
jest.setTimeout(30_000);

const urlOf = (server: Server | FastifyInstance['server']): string =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A merchant's callback endpoint on a real port; each request gets the next handler. */
async function startReceiver(): Promise<{
  server: Server;
  url: string;
  received: { headers: IncomingMessage['headers']; body: ReceivedCallback['body'] }[];
  handlers: Handler[];
}> {
  const received: { headers: IncomingMessage['headers']; body: ReceivedCallback['body'] }[] = [];
  const handlers: Handler[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body: JSON.parse(body) as ReceivedCallback['body'] });
      const handler = handlers.shift() ?? ((_q, r) => r.writeHead(200).end('{"status":1}'));
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `${urlOf(server)}/api/payment/callback`, received, handlers };
}

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(check()).toBe(true);
}

describe('sandbox gateway over real HTTP', () => {
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const store = new SandboxPaymentStore();

  beforeAll(async () => {
    receiver = await startReceiver();
    gateway = await buildSandboxGateway(sandboxConfig(), {
      store,
      delivery: { maxAttempts: 3, baseDelayMs: 30, timeoutMs: 300 },
    });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    gatewayUrl = urlOf(gateway.server);
  });
  afterAll(async () => {
    await gateway.close();
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.handlers.length = 0;
  });

  /** The browser's part: post the form, then press a button in the same tab. */
  async function pay(decision: 'approve' | 'decline', amount = '123.45') {
    const fields = handOff({ amount, callbackUrl: receiver.url });
    const page = await fetch(`${gatewayUrl}/pay`, {
      method: 'POST',
      body: new URLSearchParams(signedForm(fields)),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const target = decision === 'approve' ? action : action.replace(/approve$/, 'decline');
    const res = await fetch(new URL(target, gatewayUrl), {
      method: 'POST',
      body: new URLSearchParams({ session: sessionOf(html) }),
      redirect: 'manual',
    });
    return { fields, res };
  }

  it('posts the signed JSON outcome to callbackUrl, then 303s the tab to returnUrl', async () => {
    const { fields, res } = await pay('approve', '88.50');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(fields.returnUrl);
    expect(receiver.received).toHaveLength(1);
    const [callback] = receiver.received;
    expect(callback.headers['content-type']).toBe('application/json');
    expect(callback.body).toMatchObject({
      transactionId: fields.transactionId,
      status: 'completed',
      amount: '88.50',
    });
    expect(Object.keys(callback.body).sort()).toEqual(
      ['amount', 'signature', 'status', 'timestamp', 'transactionId'].sort(),
    );
    expect(Math.abs(callback.body.timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(isSignedByGateway(callback.body)).toBe(true);

    const status = await fetch(`${gatewayUrl}/status/${fields.transactionId}`);
    const body = (await status.json()) as ReceivedCallback['body'];
    expect(body.status).toBe('completed');
    expect(isSignedByGateway(body)).toBe(true);
  });

  it('retries in the background while the merchant answers 5xx, until acknowledged', async () => {
    receiver.handlers.push(
      (_q, r) => r.writeHead(503).end(),
      (_q, r) => r.writeHead(502).end(),
    );
    const { fields, res } = await pay('decline');
    expect(res.status).toBe(303);
    await eventually(() => receiver.received.length === 3);
    expect(receiver.received.map((c) => c.body.status)).toEqual(['failed', 'failed', 'failed']);
    await eventually(() => store.find(fields.transactionId)?.callbackAcknowledgedAt !== null);
    expect(store.find(fields.transactionId)?.callbackAttempts).toBe(3);
  });

  it('does not follow a redirect from the callback endpoint, and retries', async () => {
    receiver.handlers.push((_q, r) => r.writeHead(302, { Location: 'http://127.0.0.1:9/' }).end());
    await pay('approve');
    await eventually(() => receiver.received.length === 2);
  });

  it('gives an endpoint that never answers one timeout per attempt', async () => {
    const silent: Handler = () => undefined;
    const started = Date.now();
    const status = fetchCallbackTransport(receiver.url, '{}', 100);
    receiver.handlers.push(silent);
    await expect(status).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
