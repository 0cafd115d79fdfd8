import type { PaymentGateways } from '../ports/payment-gateways.port';
import type { Clock } from '../ports/clock.port';
import type { CallbackResult, TransactionStore } from '../ports/transaction-store.port';
import { type CallbackRejectionError, rejectionError } from './apply-payment-callback.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { ok, type Result } from './result';

/** Fails with the gateway adapter's rejection, or CALLBACK_UNKNOWN_TRANSACTION. */
export type ReturnFromGatewayResult = Result<{ transactionId: string }, CallbackRejectionError>;

/** The gateway that signed redirects before redirect paths named their gateway. */
const LEGACY_REDIRECT_GATEWAY = 'billplz';

/** A redirect's words are short (a few query parameters); anything longer is cut. */
const MAX_RECORDED_PAYLOAD = 2000;

/** Why a verified redirect changes nothing by itself, by what it says. */
const REDIRECT_NOTE = {
  pending: 'the payer came back without a final word',
  completed: 'the payer came back saying paid; a redirect states no amount',
  failed: 'the payer came back saying unpaid; a redirect states no amount',
} as const;

/**
 * The payer's tab coming back through our redirect endpoint (gateways that sign their redirect,
 * as Billplz, or state the bill in it, as ToyyibPay): the gateway the path names verifies it, the
 * payment must be one that gateway took, and when the gateway says it was paid, the gateway is
 * asked right away so the return page shows the outcome without waiting for the callback.
 * The redirect itself decides nothing: it states no amount, so only the status answer (checked
 * like a callback) may move the payment. Every redirect is kept among the payment's messages
 * (source `redirect`): refused, or `ignored` as it decides nothing itself.
 */
export class ReturnFromGatewayUseCase {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
    private readonly clock: Clock,
  ) {}

  /** `gateway`: the name in the path; null on the old path without one (Billplz's). */
  async execute(input: {
    query: Record<string, unknown>;
    gateway?: string | null;
  }): Promise<ReturnFromGatewayResult> {
    const name = input.gateway ?? LEGACY_REDIRECT_GATEWAY;
    const gateway = this.gateways.byName(name) ?? (input.gateway ? null : this.gateways.current);
    if (!gateway) return rejectionError('not_supported', `No gateway named ${name} is configured`);
    const message = await gateway.verifyRedirect(input.query);
    const record = (transactionId: string | null, result: CallbackResult, reason: string) =>
      this.store.recordCallback({
        source: 'redirect',
        transactionId,
        payload: message.payload.slice(0, MAX_RECORDED_PAYLOAD),
        result,
        reason,
        receivedAt: new Date(this.clock.now()),
      });
    if (!message.verdict.ok) {
      const { kind, message: text, transactionId } = message.verdict.error;
      await record(transactionId, 'rejected', `${kind}: ${text}`);
      return rejectionError(kind, text);
    }
    const outcome = message.verdict.value;
    const transactionId =
      outcome.gatewayRef === null
        ? outcome.transactionId
        : await this.store.findTransactionIdByGatewayRef(outcome.gatewayRef);
    const tx = transactionId === null ? null : await this.store.findById(transactionId);
    if (!tx || tx.gateway !== gateway.name) {
      await record(transactionId, 'rejected', 'unknown_transaction: Unknown payment');
      return rejectionError('unknown_transaction', 'Unknown payment');
    }
    await record(tx.transactionId, 'ignored', `not_final: ${REDIRECT_NOTE[outcome.status]}`);
    if (outcome.status !== 'pending' && tx.status === 'pending') {
      // Best effort: a failure is logged by the reconciler, and the callback still comes.
      await this.reconcile.reconcileNow(tx.transactionId);
    }
    return ok({ transactionId: tx.transactionId });
  }
}
