import { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { approvalPage, returnAddress } from './simulator-page';

/** One bill as the simulator keeps it. */
export interface FakeToyyibPayBill {
  billCode: string;
  categoryCode: string;
  /** billAmount as sent: sen. */
  amountSen: number;
  externalReference: string;
  returnUrl: string;
  callbackUrl: string;
  /** Every payment attempt, oldest first: billpaymentStatus '1' paid, '3' failed. */
  attempts: { status: '1' | '3'; amountSen: number; refno: string }[];
}

export interface ToyyibPayCompletion {
  /** The callback ToyyibPay posts (form-encoded, unsigned). */
  callbackBody: string;
  /** The query ToyyibPay sends the payer's tab back to billReturnUrl with. */
  redirectQuery: string;
  deliverCallback(): Promise<Response>;
}

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * ToyyibPay over real HTTP, as its public API describes it: POST /index.php/api/createBill (a
 * form with userSecretKey and categoryCode; answers [{"BillCode": ...}]), the bill's page at
 * GET /{billCode}, POST /index.php/api/getBillTransactions (a form with billCode; answers the
 * bill's payment attempts, [] when none), and, when a payer clicks Approve or Decline on the
 * bill's page or a test calls `pay`, an unsigned form callback
 * (refno, status, reason, billcode, order_id, amount, transaction_time) and a return query
 * (status_id, billcode, order_id, msg, transaction_id). Amounts go in as sen and come back as
 * ringgit ('123.45'). A wrong secret key or category is refused as ToyyibPay refuses it.
 * It counts the status queries it receives, and can answer them with a failure or not at all.
 */
export class FakeToyyibPay {
  readonly bills = new Map<string, FakeToyyibPayBill>();
  /** Every getBillTransactions received, by bill code as sent, in order. */
  readonly statusQueries: string[] = [];
  /** While set, getBillTransactions answers this HTTP status, or never answers (`hang`). */
  statusFault: number | 'hang' | null = null;
  private readonly app: FastifyInstance = Fastify();
  private readonly hanging = new Set<() => void>();
  private counter = 0;

  constructor(private readonly keys: { userSecretKey: string; categoryCode: string }) {
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    this.app.post<{ Body: Record<string, string> }>('/index.php/api/createBill', (req, reply) => {
      const form = req.body;
      if (form.userSecretKey !== this.keys.userSecretKey) {
        return reply.code(200).send('[KEY-DID-NOT-EXIST]');
      }
      if (form.categoryCode !== this.keys.categoryCode) {
        return reply.send([{ status: 'error', msg: 'Category code not exist' }]);
      }
      const amountSen = Number(form.billAmount);
      if (!Number.isSafeInteger(amountSen) || amountSen <= 0 || !form.billExternalReferenceNo) {
        return reply.send([{ status: 'error', msg: 'Invalid bill' }]);
      }
      const billCode = this.nextCode();
      this.bills.set(billCode, {
        billCode,
        categoryCode: form.categoryCode,
        amountSen,
        externalReference: form.billExternalReferenceNo,
        returnUrl: form.billReturnUrl ?? '',
        callbackUrl: form.billCallbackUrl ?? '',
        attempts: [],
      });
      return reply.send([{ BillCode: billCode }]);
    });
    this.app.post<{ Body: Record<string, string> }>(
      '/index.php/api/getBillTransactions',
      async (req, reply) => {
        this.statusQueries.push(req.body.billCode ?? '');
        if (this.statusFault === 'hang') {
          // Held until close(): the caller's own timeout must give up first.
          await new Promise<void>((release) => {
            this.hanging.add(release);
            reply.raw.once('close', release);
          });
          return reply.code(504).send('closed');
        }
        if (this.statusFault !== null) {
          return reply.code(this.statusFault).send('<html>Internal Server Error</html>');
        }
        const bill = this.bills.get(req.body.billCode ?? '');
        if (!bill) return reply.send([]);
        return reply.send(
          bill.attempts.map((attempt) => ({
            billName: 'Member payment',
            billExternalReferenceNo: bill.externalReference,
            billpaymentStatus: attempt.status,
            billpaymentAmount: ringgit(attempt.amountSen),
            billpaymentInvoiceNo: attempt.refno,
          })),
        );
      },
    );
    this.app.get<{ Params: { code: string } }>('/:code', (req, reply) => {
      const bill = this.bills.get(req.params.code);
      if (!bill) return reply.code(404).send('Bill not found');
      const page = approvalPage('ToyyibPay', bill.billCode, bill.amountSen, `/${bill.billCode}`);
      return reply.type('text/html; charset=utf-8').send(page);
    });
    // The payer's click on the bill's page: the callback sent, then the tab sent back.
    this.app.post<{ Params: { code: string; decision: string } }>(
      '/:code/:decision',
      async (req, reply) => {
        const bill = this.bills.get(req.params.code);
        const { decision } = req.params;
        if (!bill || (decision !== 'approve' && decision !== 'decline')) {
          return reply.code(404).send('Bill not found');
        }
        const completion = this.pay(bill.billCode, decision === 'approve');
        await (await completion.deliverCallback()).body?.cancel();
        return reply.redirect(returnAddress(bill.returnUrl, completion.redirectQuery), 303);
      },
    );
  }

  get url(): string {
    return `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    await this.app.listen({ host: '127.0.0.1', port: 0 });
    return this;
  }

  close(): Promise<void> {
    for (const release of this.hanging) release();
    this.hanging.clear();
    const closed = this.app.close();
    // A connection a hung query left behind must not hold the close.
    this.app.server.closeAllConnections();
    return closed;
  }

  /** The payer finishes on the bill's page: an attempt is recorded, its messages answered. */
  pay(billCode: string, paid = true): ToyyibPayCompletion {
    const bill = this.bills.get(billCode);
    if (!bill) throw new Error(`no bill ${billCode}`);
    const status = paid ? '1' : '3';
    const refno = `TP${String(++this.counter).padStart(8, '0')}`;
    bill.attempts.push({ status, amountSen: bill.amountSen, refno });
    const callbackBody = new URLSearchParams({
      refno,
      status,
      reason: paid ? 'Approved' : 'Payment declined',
      billcode: billCode,
      order_id: bill.externalReference,
      amount: ringgit(bill.amountSen),
      transaction_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
    }).toString();
    const redirectQuery = new URLSearchParams({
      status_id: status,
      billcode: billCode,
      order_id: bill.externalReference,
      msg: paid ? 'ok' : 'failed',
      transaction_id: refno,
    }).toString();
    return {
      callbackBody,
      redirectQuery,
      deliverCallback: () =>
        fetch(bill.callbackUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: callbackBody,
        }),
    };
  }

  private nextCode(): string {
    let code = '';
    for (let i = 0; i < 8; i += 1) {
      code += CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)];
    }
    return this.bills.has(code) ? this.nextCode() : code;
  }
}

const ringgit = (sen: number): string => (sen / 100).toFixed(2);
