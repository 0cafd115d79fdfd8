import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  billplzRedirectParams,
  billplzSign,
} from '../../../server/adapters/gateways/billplz-signature';
import { approvalPage, returnAddress } from './simulator-page';

/** A bill as Billplz API v3 answers it (GET /api/v3/bills/{id}). */
export interface FakeBill {
  id: string;
  collection_id: string;
  paid: boolean;
  state: 'due' | 'paid' | 'deleted';
  amount: number;
  paid_amount: number;
  due_at: string;
  email: string | null;
  mobile: string | null;
  name: string;
  url: string;
  reference_1_label: string | null;
  reference_1: string | null;
  reference_2_label: string | null;
  reference_2: string | null;
  redirect_url: string | null;
  callback_url: string;
  description: string;
  paid_at: string | null;
}

export interface FakeBillplzOptions {
  apiKey: string;
  collectionId: string;
  xSignatureKey: string;
  /** When the payer pays (paid_at); the real time unless a test fixes it. */
  now?: () => Date;
}

/** What Billplz sends once a payer finished on a bill's page. */
export interface PaymentCompletion {
  /** The X Signature callback, form-encoded, exactly as posted to callback_url. */
  callbackBody: string;
  /** The X Signature redirect's query string (billplz[id]=...&...), as appended to redirect_url. */
  redirectQuery: string;
  /** Posts the callback to the bill's callback_url, as Billplz does. */
  deliverCallback(): Promise<Response>;
}

/**
 * A local stand-in for Billplz API v3, following its published behaviour: Basic auth with the
 * API key as user name; POST /api/v3/bills (form or JSON) creates a bill in a collection and
 * answers it with its url; GET /api/v3/bills/{id} reads it (404 when unknown); GET /bills/{id}
 * is the bill's payment page, whose Approve and Decline buttons pay as a browser's payer would
 * (callback, then the tab sent to redirect_url). A test plays the payer with `pay`, which signs the callback and
 * the redirect with the X Signature key as Billplz does.
 */
export class FakeBillplz {
  readonly bills = new Map<string, FakeBill>();
  /** Every API request received: method, path, Authorization header, body as sent. */
  readonly requests: { method: string; path: string; authorization?: string; body: string }[] = [];
  /** While set, the API answers this HTTP status (an outage or a refusal). */
  failWith: number | null = null;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  private origin = '';

  constructor(private readonly options: FakeBillplzOptions) {}

  /** The base URL the adapter is configured with (like https://www.billplz-sandbox.com). */
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

  /** The payer finishes on the bill's page: paid, or not (a failed bank login). */
  pay(billId: string, paid = true): PaymentCompletion {
    const bill = this.bills.get(billId);
    if (!bill) throw new Error(`no bill ${billId}`);
    if (paid) {
      bill.paid = true;
      bill.state = 'paid';
      bill.paid_amount = bill.amount;
      bill.paid_at = billplzTime((this.options.now ?? (() => new Date()))());
    }
    const paidAt = bill.paid_at ?? '';
    const callback: Record<string, string> = {
      id: bill.id,
      collection_id: bill.collection_id,
      paid: String(bill.paid),
      state: bill.state,
      amount: String(bill.amount),
      paid_amount: String(bill.paid_amount),
      due_at: bill.due_at,
      email: bill.email ?? '',
      mobile: bill.mobile ?? '',
      name: bill.name,
      url: bill.url,
      paid_at: paidAt,
    };
    const signed = { ...callback, x_signature: billplzSign(callback, this.options.xSignatureKey) };
    const redirect: Record<string, string> = {
      id: bill.id,
      paid: String(bill.paid),
      paid_at: paidAt,
    };
    const redirectSignature = billplzSign(
      billplzRedirectParams(redirect),
      this.options.xSignatureKey,
    );
    const redirectQuery = new URLSearchParams(
      Object.entries({ ...redirect, x_signature: redirectSignature }).map(([key, value]) => [
        `billplz[${key}]`,
        value,
      ]),
    ).toString();
    const callbackBody = new URLSearchParams(signed).toString();
    return {
      callbackBody,
      redirectQuery,
      deliverCallback: () =>
        fetch(bill.callback_url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: callbackBody,
        }),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.origin).pathname;
    const body = await readBody(req);
    if (path.startsWith('/api/')) {
      this.requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      if (!this.authorised(req.headers.authorization)) {
        return json(res, 401, { error: { type: 'Unauthorized', message: 'Invalid access' } });
      }
      if (this.failWith !== null) {
        return json(res, this.failWith, { error: { type: 'Error', message: 'Unavailable' } });
      }
    }
    if (req.method === 'POST' && path === '/api/v3/bills') return this.createBill(req, res, body);
    const read = /^\/api\/v3\/bills\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && read) {
      const bill = this.bills.get(decodeURIComponent(read[1]));
      if (!bill) return notFound(res);
      return json(res, 200, bill);
    }
    const page = /^\/bills\/([^/]+)$/.exec(path);
    const bill = page ? this.bills.get(decodeURIComponent(page[1])) : undefined;
    if (req.method === 'GET' && bill) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(approvalPage('Billplz', bill.id, bill.amount, `/bills/${bill.id}`));
      return;
    }
    const decided = /^\/bills\/([^/]+)\/(approve|decline)$/.exec(path);
    if (req.method === 'POST' && decided && this.bills.has(decided[1])) {
      return this.payerDecides(decided[1], decided[2] === 'approve', res);
    }
    return notFound(res);
  }

  /** The payer's click on the bill's page: the callback sent, then the tab sent back. */
  private async payerDecides(billId: string, paid: boolean, res: ServerResponse): Promise<void> {
    const completion = this.pay(billId, paid);
    const delivered = await completion.deliverCallback();
    await delivered.body?.cancel();
    const back = this.bills.get(billId)?.redirect_url;
    res.writeHead(303, {
      Location: back ? returnAddress(back, completion.redirectQuery) : `/bills/${billId}`,
    });
    res.end();
  }

  private createBill(req: IncomingMessage, res: ServerResponse, body: string): void {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
    const params: Record<string, unknown> =
      type === 'application/json'
        ? (JSON.parse(body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(body));
    const text = (name: string): string | null =>
      typeof params[name] === 'string' && params[name] !== '' ? (params[name] as string) : null;
    const errors: string[] = [];
    if (text('collection_id') !== this.options.collectionId) errors.push('Collection not found');
    if (text('email') === null && text('mobile') === null) errors.push('Email or mobile required');
    if (text('name') === null) errors.push("Name can't be blank");
    if (text('description') === null) errors.push("Description can't be blank");
    if (text('callback_url') === null) errors.push("Callback url can't be blank");
    const amount = Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) errors.push('Amount must be at least 100');
    if (errors.length > 0) {
      return json(res, 422, { error: { type: 'Unprocessable Entity', message: errors } });
    }
    const id = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
    const bill: FakeBill = {
      id,
      collection_id: this.options.collectionId,
      paid: false,
      state: 'due',
      amount,
      paid_amount: 0,
      due_at: '2026-12-31',
      email: text('email'),
      mobile: text('mobile'),
      name: text('name') ?? '',
      url: `${this.origin}/bills/${id}`,
      reference_1_label: text('reference_1_label'),
      reference_1: text('reference_1'),
      reference_2_label: text('reference_2_label'),
      reference_2: text('reference_2'),
      redirect_url: text('redirect_url'),
      callback_url: text('callback_url') ?? '',
      description: text('description') ?? '',
      paid_at: null,
    };
    this.bills.set(id, bill);
    return json(res, 200, bill);
  }

  private authorised(header: string | undefined): boolean {
    const expected = `Basic ${Buffer.from(`${this.options.apiKey}:`).toString('base64')}`;
    return header === expected;
  }
}

/** Billplz writes times as '2015-03-09 16:23:59 +0800' (Malaysia time). */
function billplzTime(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} +0800`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function notFound(res: ServerResponse): void {
  json(res, 404, {
    error: { type: 'RecordNotFound', message: 'The requested bill does not exist.' },
  });
}
