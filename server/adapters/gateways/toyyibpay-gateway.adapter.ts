import { isTransactionId } from '../../domain/transaction';
import {
  type GatewayMessage,
  type GatewayStatusAnswer,
  type OurPaymentCheck,
  type PaymentStartRequest,
} from '../../ports/payment-gateway.port';
import { type BillStart, BillGateway, GatewayUnavailableError } from './bill-gateway';
import { billCapabilities } from './gateway-capabilities';
import { accept, asObject, rejecter, serialise } from './gateway-messages';

export interface ToyyibPaySettings {
  /** The account's user secret key: authenticates bill creation. */
  userSecretKey: string;
  /** The category our bills are created in. */
  categoryCode: string;
  /** https://dev.toyyibpay.com (staging) or https://toyyibpay.com (production). */
  baseUrl: string;
}

/** ToyyibPay bill codes are short alphanumeric tokens ('gcbhict9'). */
const BILL_CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;
/** Ringgit with two decimals, as ToyyibPay states paid amounts ('123.45'). */
const RINGGIT_PATTERN = /^(0|[1-9]\d{0,9})\.\d{2}$/;
/** ToyyibPay limits a bill's name to 30 characters (letters, digits, spaces, underscores). */
const MAX_BILL_NAME = 30;
/** billpaymentStatus / status: 1 paid, 2 pending, 3 failed, 4 pending. */
const PAID = '1';

/**
 * ToyyibPay: a payment is a bill created over the API (createBill, authenticated by the user
 * secret key) in our category; the payer is sent to the bill's page (a GET of /{billCode}).
 * ToyyibPay signs neither its callback (a form: refno, status, billcode, order_id, amount...)
 * nor the payer's return query, so neither is believed as sent: every callback is confirmed by
 * asking ToyyibPay for the bill's transactions (getBillTransactions) over TLS, and that answer,
 * never the callback's own fields, states the outcome and the amount. So that a forged callback
 * costs nothing outside, only a bill of one of our payments is asked about (any other is refused
 * from our books), and reads of one bill are spaced out (BillGateway.askBill). A failed attempt
 * leaves the bill payable, so only a paid transaction is final.
 */
export class ToyyibPayGatewayAdapter extends BillGateway<ToyyibPaySettings> {
  readonly name = 'toyyibpay';
  /** What it offers, read before any is built too (its record in gateway-records.ts). */
  static readonly capabilities = billCapabilities('status_query');
  readonly capabilities = ToyyibPayGatewayAdapter.capabilities;

  protected async createBill(request: PaymentStartRequest): Promise<BillStart> {
    const form = new URLSearchParams({
      userSecretKey: this.settings.userSecretKey,
      categoryCode: this.settings.categoryCode,
      billName: 'Member payment'.slice(0, MAX_BILL_NAME),
      billDescription: `Payment ${request.transactionId}`,
      billPriceSetting: '1',
      billPayorInfo: '1',
      billAmount: String(request.amountSen),
      billReturnUrl: request.redirectUrl,
      billCallbackUrl: request.callbackUrl,
      billExternalReferenceNo: request.transactionId,
      billTo: request.customer.name,
      billEmail: request.customer.email,
      billPhone: request.customer.mobile,
      // 2: FPX online banking and cards, whichever the payer picks on the bill's page.
      billPaymentChannel: '2',
    });
    const answer = await this.post('createBill', form);
    const first = Array.isArray(answer) ? asObject(answer[0]) : null;
    const code = first?.BillCode;
    if (typeof code !== 'string' || !BILL_CODE_PATTERN.test(code)) {
      throw new Error('ToyyibPay createBill answered without a bill code');
    }
    return { handOff: this.billHandOff(code), gatewayRef: code };
  }

  protected async verifyCallbackForm(
    payload: string,
    params: Record<string, string>,
    isOurs: OurPaymentCheck,
  ): Promise<GatewayMessage> {
    const reject = rejecter(payload);
    const { billcode, status, amount } = params;
    if (billcode === undefined || !BILL_CODE_PATTERN.test(billcode)) {
      return reject('malformed', 'Invalid billcode');
    }
    if (status === undefined || !/^[1-4]$/.test(status))
      return reject('malformed', 'Invalid status');
    if (!(await isOurs(billcode))) return reject('unknown_transaction', 'Unknown bill');
    // Unsigned: what the callback claims must be what ToyyibPay itself answers for the bill.
    let confirmed: GatewayStatusAnswer;
    try {
      confirmed = await this.askBill(billcode);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      return reject('unavailable', `ToyyibPay could not confirm the callback: ${error.message}`);
    }
    if (confirmed.kind === 'not_found' || !confirmed.message.verdict.ok) {
      return reject('bad_signature', 'ToyyibPay does not confirm the callback');
    }
    const outcome = confirmed.message.verdict.value;
    const claimedPaid = status === PAID;
    const claimedSen = amount !== undefined && RINGGIT_PATTERN.test(amount) ? toSen(amount) : null;
    if (claimedPaid !== (outcome.status === 'completed')) {
      return reject('bad_signature', 'ToyyibPay does not confirm the callback');
    }
    if (claimedPaid && claimedSen !== outcome.amountSen) {
      return reject('bad_signature', 'ToyyibPay does not confirm the amount');
    }
    return accept(`${payload} confirmed by ${confirmed.message.payload}`, outcome);
  }

  async verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    const fields = ['status_id', 'billcode', 'order_id'].map((key) => query[key]);
    const payload = new URLSearchParams(
      Object.entries(query).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ).toString();
    const reject = rejecter(payload);
    const [statusId, billcode, orderId] = fields;
    if (typeof billcode !== 'string' || !BILL_CODE_PATTERN.test(billcode)) {
      return reject('malformed', 'Invalid billcode');
    }
    if (typeof statusId !== 'string' || !/^[1-4]$/.test(statusId)) {
      return reject('malformed', 'Invalid status_id');
    }
    // Unsigned, and stating no amount: only a hint to ask ToyyibPay right away.
    return accept(payload, {
      transactionId: isTransactionId(orderId) ? orderId : null,
      gatewayRef: billcode,
      status: statusId === PAID ? 'completed' : 'pending',
      amountSen: null,
    });
  }

  protected async readBill(ref: string): Promise<GatewayStatusAnswer> {
    const answer = await this.post('getBillTransactions', new URLSearchParams({ billCode: ref }));
    if (!Array.isArray(answer)) return { kind: 'not_found' };
    const payload = serialise(answer);
    const rows = answer.map(asObject);
    if (rows.some((row) => row === null)) {
      return { kind: 'found', message: rejecter(payload)('malformed', 'Invalid transaction') };
    }
    const paid = rows.find((row) => row?.billpaymentStatus === PAID) ?? null;
    const reference = rows[0]?.billExternalReferenceNo;
    // The paid attempt's amount; else the latest attempt's (what an unpaid callback is about).
    const amount = (paid ?? rows[rows.length - 1])?.billpaymentAmount;
    if (rows.length > 0 && (typeof amount !== 'string' || !RINGGIT_PATTERN.test(amount))) {
      return { kind: 'found', message: rejecter(payload)('malformed', 'Invalid amount') };
    }
    return {
      kind: 'found',
      message: accept(payload, {
        transactionId: isTransactionId(reference) ? reference : null,
        gatewayRef: ref,
        status: paid !== null ? 'completed' : 'pending',
        amountSen: typeof amount === 'string' ? toSen(amount) : null,
        note:
          paid === null && rows.length > 0
            ? 'ToyyibPay reports attempts but no payment; the bill stays payable'
            : undefined,
      }),
    };
  }

  /** POSTs a form to the API's `endpoint`; its JSON answer. Throws as postForm does. */
  private post(endpoint: string, form: URLSearchParams): Promise<unknown> {
    return this.postForm(`/index.php/api/${endpoint}`, form, `ToyyibPay ${endpoint}`);
  }

  protected billHandOff(billCode: string): BillStart['handOff'] {
    return { url: `${this.base}/${encodeURIComponent(billCode)}`, method: 'GET', fields: {} };
  }
}

const toSen = (ringgit: string): number => Number(ringgit.replace('.', ''));
