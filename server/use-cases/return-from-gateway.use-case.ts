import type { PaymentGateways } from '../ports/payment-gateways.port';
import type { TransactionStore } from '../ports/transaction-store.port';
import { type CallbackRejectionError, rejectionError } from './apply-payment-callback.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { ok, type Result } from './result';

/** Fails with the gateway adapter's rejection, or CALLBACK_UNKNOWN_TRANSACTION. */
export type ReturnFromGatewayResult = Result<{ transactionId: string }, CallbackRejectionError>;

/** The gateway that signed redirects before redirect paths named their gateway. */
const LEGACY_REDIRECT_GATEWAY = 'billplz';

/**
 * The payer's tab coming back through our redirect endpoint (gateways that sign their redirect,
 * as Billplz, or state the bill in it, as ToyyibPay): the gateway the path names verifies it, the
 * payment must be one that gateway took, and when the gateway says it was paid, the gateway is
 * asked right away so the return page shows the outcome without waiting for the callback.
 * The redirect itself decides nothing: it states no amount, so only the status answer (checked
 * like a callback) may move the payment.
 */
export class ReturnFromGatewayUseCase {
  constructor(
    private readonly gateways: PaymentGateways,
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
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
    if (!message.verdict.ok) {
      const { kind, message: text } = message.verdict.error;
      return rejectionError(kind, text);
    }
    const outcome = message.verdict.value;
    const transactionId =
      outcome.gatewayRef === null
        ? outcome.transactionId
        : await this.store.findTransactionIdByGatewayRef(outcome.gatewayRef);
    const tx = transactionId === null ? null : await this.store.findById(transactionId);
    if (!tx || tx.gateway !== gateway.name) {
      return rejectionError('unknown_transaction', 'Unknown payment');
    }
    if (outcome.status !== 'pending' && tx.status === 'pending') {
      // Best effort: a failure is logged by the reconciler, and the callback still comes.
      await this.reconcile.reconcileNow(tx.transactionId);
    }
    return ok({ transactionId: tx.transactionId });
  }
}
