import { isTransactionId } from '../../domain/transaction';
import {
  type GatewayMessage,
  type GatewayStatusAnswer,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { billplzRedirectParams, billplzVerify } from './billplz-signature';
import { getJsonObject } from '../payments/get-json-object';
import { type BillStart, BillGateway } from './bill-gateway';
import { billCapabilities } from './gateway-capabilities';
import { accept, asObject, rejecter, serialise } from './gateway-messages';

export interface BillplzSettings {
  /** The API key, sent as the Basic auth user name. */
  apiKey: string;
  /** The collection our bills are created in. */
  collectionId: string;
  /** The account's X Signature key: callbacks and redirects are signed with it. */
  xSignatureKey: string;
  /** https://www.billplz-sandbox.com (staging) or https://www.billplz.com (production). */
  baseUrl: string;
}

/** Billplz bill ids are short URL-safe tokens ('8X0Iyzaw', 'W_79pJDk'). */
const BILL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const SEN_PATTERN = /^(0|[1-9]\d{0,11})$/;
/** The recorded reason a paid=false callback leaves the payment pending. */
export const BILL_UNPAID_NOTE =
  'Billplz reports the bill unpaid (paid=false); it stays payable, left for reconciliation';
/** Billplz limits a bill's name to 255 characters and its description to 200. */
const MAX_NAME = 255;

/**
 * Billplz API v3: a payment is a bill created over the API in our collection; the payer is sent
 * to the bill's page (a GET), Billplz posts an X-Signature-signed form to our callback and sends
 * the tab back through our redirect endpoint with signed billplz[...] parameters. A bill read
 * (GET /api/v3/bills/{id}) answers its state for reconciliation; it is trusted for coming over
 * TLS from Billplz with our API key, not for a signature (Billplz signs none there).
 */
export class BillplzGatewayAdapter extends BillGateway<BillplzSettings> {
  readonly name = 'billplz';
  /** What it offers, read before any is built too (its record in gateway-records.ts). */
  static readonly capabilities = billCapabilities('signature');
  readonly capabilities = BillplzGatewayAdapter.capabilities;

  private authorization(): string {
    return `Basic ${Buffer.from(`${this.settings.apiKey}:`, 'utf8').toString('base64')}`;
  }

  protected async createBill(request: PaymentStartRequest): Promise<BillStart> {
    const form = new URLSearchParams({
      collection_id: this.settings.collectionId,
      name: request.customer.name.slice(0, MAX_NAME),
      amount: String(request.amountSen),
      callback_url: request.callbackUrl,
      redirect_url: request.redirectUrl,
      description: `Payment ${request.transactionId}`,
      reference_1_label: 'Transaction ID',
      reference_1: request.transactionId,
    });
    // Billplz needs an email or a mobile number; members have a phone and no email.
    if (request.customer.email !== '') form.set('email', request.customer.email);
    if (request.customer.mobile !== '') form.set('mobile', request.customer.mobile);

    const answer = await this.postForm('/api/v3/bills', form, 'Billplz create bill', {
      Authorization: this.authorization(),
    });
    const bill = asObject(answer);
    const id = bill?.id;
    const url = bill?.url;
    if (typeof id !== 'string' || !BILL_ID_PATTERN.test(id) || typeof url !== 'string') {
      throw new Error('Billplz create bill answered without a bill id and url');
    }
    if (!isHttpUrl(url)) throw new Error('Billplz create bill answered an invalid url');
    return { handOff: { url, method: 'GET', fields: {} }, gatewayRef: id };
  }

  protected async verifyCallbackForm(
    payload: string,
    params: Record<string, string>,
  ): Promise<GatewayMessage> {
    const reject = rejecter(payload);
    const signature = params.x_signature;
    if (signature === undefined) return reject('malformed', 'Missing x_signature');
    // The signature first: nothing an unsigned caller sends is read further.
    if (!billplzVerify(params, signature, this.settings.xSignatureKey)) {
      return reject('bad_signature', 'Invalid signature');
    }
    const { id, paid, amount } = params;
    if (id === undefined || !BILL_ID_PATTERN.test(id)) return reject('malformed', 'Invalid id');
    if (paid !== 'true' && paid !== 'false') return reject('malformed', 'Invalid paid');
    if (amount === undefined || !SEN_PATTERN.test(amount)) {
      return reject('malformed', 'Invalid amount');
    }
    if (params.collection_id !== undefined && params.collection_id !== this.settings.collectionId) {
      return reject('malformed', 'The bill belongs to another collection');
    }
    // An unpaid bill stays payable (a failed bank login can be retried on the same bill), so
    // `paid=false` is not a final outcome: the payment stays pending, the reason recorded, and
    // reconciliation asks again later.
    return accept(payload, {
      transactionId: null,
      gatewayRef: id,
      status: paid === 'true' ? 'completed' : 'pending',
      amountSen: Number(amount),
      note: paid === 'true' ? undefined : BILL_UNPAID_NOTE,
    });
  }

  async verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    const billplz = readRedirect(query);
    const payload = billplz === null ? '' : new URLSearchParams(billplz).toString();
    const reject = rejecter(payload);
    if (billplz === null) return reject('malformed', 'Missing or repeated billplz parameters');
    const signature = billplz.x_signature;
    if (signature === undefined) return reject('malformed', 'Missing billplz[x_signature]');
    if (!billplzVerify(billplzRedirectParams(billplz), signature, this.settings.xSignatureKey)) {
      return reject('bad_signature', 'Invalid signature');
    }
    const { id, paid } = billplz;
    if (id === undefined || !BILL_ID_PATTERN.test(id)) return reject('malformed', 'Invalid id');
    if (paid !== 'true' && paid !== 'false') return reject('malformed', 'Invalid paid');
    return accept(payload, {
      transactionId: null,
      gatewayRef: id,
      status: paid === 'true' ? 'completed' : 'pending',
      amountSen: null,
    });
  }

  protected async readBill(ref: string): Promise<GatewayStatusAnswer> {
    const bill = await getJsonObject(
      this.fetchFn,
      `${this.base}/api/v3/bills/${encodeURIComponent(ref)}`,
      {
        headers: { Authorization: this.authorization(), Accept: 'application/json' },
        timeoutMs: this.timeoutMs,
        what: 'Billplz get bill',
      },
    );
    if (bill === null) return { kind: 'not_found' };
    const payload = serialise(bill);
    const reject = (message: string): GatewayStatusAnswer => ({
      kind: 'found',
      message: rejecter(payload)('malformed', message),
    });
    if (bill.id !== ref) return reject('The answer is about another bill');
    if (bill.collection_id !== this.settings.collectionId) {
      return reject('The bill belongs to another collection');
    }
    if (typeof bill.paid !== 'boolean') return reject('Invalid paid');
    if (typeof bill.amount !== 'number' || !Number.isSafeInteger(bill.amount) || bill.amount < 0) {
      return reject('Invalid amount');
    }
    // A deleted bill can no longer be paid: that is the only final "no" Billplz gives.
    const status = bill.paid ? 'completed' : bill.state === 'deleted' ? 'failed' : 'pending';
    return {
      kind: 'found',
      message: accept(payload, {
        transactionId: isTransactionId(bill.reference_1) ? bill.reference_1 : null,
        gatewayRef: ref,
        status,
        amountSen: bill.amount,
      }),
    };
  }

  protected billHandOff(billId: string): BillStart['handOff'] {
    return { url: `${this.base}/bills/${encodeURIComponent(billId)}`, method: 'GET', fields: {} };
  }
}

/**
 * The billplz[...] parameters of a redirect query, whether the query parser kept the bracketed
 * names ('billplz[id]') or nested them ({billplz: {id}}); null when one is repeated or not text.
 */
function readRedirect(query: Record<string, unknown>): Record<string, string> | null {
  const out: Record<string, string> = {};
  const nested = query.billplz;
  const entries: [string, unknown][] =
    typeof nested === 'object' && nested !== null && !Array.isArray(nested)
      ? Object.entries(nested)
      : Object.entries(query).flatMap(([key, value]): [string, unknown][] => {
          const match = /^billplz\[([a-z_]+)\]$/.exec(key);
          return match ? [[match[1], value]] : [];
        });
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || Object.hasOwn(out, key)) return null;
    out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
