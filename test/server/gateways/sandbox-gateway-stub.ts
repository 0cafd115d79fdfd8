import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { HmacSha256PaymentSigner } from '../../../server/adapters/payments/hmac-sha256-payment-signer';
import { type Clock } from '../../../server/ports/clock.port';
import {
  gatewayOutcomeCanonical,
  HAND_OFF_FIELD_ORDER,
  handOffCanonical,
  type GatewayOutcomeMessage,
  type HandOffFields,
} from '../../../src/contract/sandbox-gateway';

interface StubPayment {
  amount: string;
  status: GatewayOutcomeMessage['status'];
}

/**
 * Just the wire of the sandbox gateway, on its own port: the hand-off form in (POST /pay, hashVal
 * checked), signed status answers out (GET /status/{transactionId}), and the signed callback a
 * decision sends. It stands in for the sandbox app in the gateway contract tests.
 */
export class SandboxGatewayStub {
  private readonly payments = new Map<string, StubPayment>();
  private readonly signer: HmacSha256PaymentSigner;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  private origin = '';

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.signer = new HmacSha256PaymentSigner(secret);
  }

  get url(): string {
    return this.origin;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The payer decided: the signed callback body the sandbox posts to callbackUrl. */
  decide(transactionId: string, approve: boolean): Record<string, unknown> {
    const payment = this.payments.get(transactionId);
    if (!payment) throw new Error(`the stub never saw ${transactionId}`);
    payment.status = approve ? 'completed' : 'failed';
    return this.signed(transactionId, payment);
  }

  private signed(transactionId: string, payment: StubPayment): Record<string, unknown> {
    const message: GatewayOutcomeMessage = {
      transactionId,
      status: payment.status,
      amount: payment.amount,
      timestamp: Math.floor(this.clock.now().getTime() / 1000),
    };
    return { ...message, signature: this.signer.sign(gatewayOutcomeCanonical(message)) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.origin).pathname;
    if (req.method === 'POST' && path === '/pay') {
      const form = new URLSearchParams(await readBody(req));
      const fields = Object.fromEntries(
        HAND_OFF_FIELD_ORDER.map((name) => [name, form.get(name) ?? '']),
      ) as unknown as HandOffFields;
      if (!this.signer.verify(handOffCanonical(fields), form.get('hashVal') ?? '')) {
        res.writeHead(400).end('The payment request signature (hashVal) is invalid.');
        return;
      }
      if (!this.payments.has(fields.transactionId)) {
        this.payments.set(fields.transactionId, { amount: fields.amount, status: 'pending' });
      }
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Approve or decline</p>');
      return;
    }
    const status = /^\/status\/([^/]+)$/.exec(path);
    const payment = status ? this.payments.get(decodeURIComponent(status[1])) : undefined;
    if (req.method === 'GET' && status && payment) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(this.signed(decodeURIComponent(status[1]), payment)));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
