import type { PaymentGateway } from '../ports/payment-gateway.port';
import type { TransactionStore } from '../ports/transaction-store.port';
import { type CallbackRejectionError, rejectionError } from './apply-payment-callback.use-case';
import type { ReconcilePendingPaymentsUseCase } from './reconcile-pending-payments.use-case';
import { ok, type Result } from './result';

/** Fails with the gateway adapter's rejection, or CALLBACK_UNKNOWN_TRANSACTION. */
export type ReturnFromGatewayResult = Result<{ transactionId: string }, CallbackRejectionError>;

/**
 * The payer's tab coming back from a gateway that signs its redirect (Billplz): verify the
 * signature, find our payment, and when the gateway says it was paid, ask the gateway for the
 * bill right away so the return page shows the outcome without waiting for the callback.
 * The redirect itself decides nothing: it states no amount, so only the status answer (checked
 * like a callback) may move the payment.
 */
export class ReturnFromGatewayUseCase {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly store: TransactionStore,
    private readonly reconcile: ReconcilePendingPaymentsUseCase,
  ) {}

  async execute(input: { query: Record<string, unknown> }): Promise<ReturnFromGatewayResult> {
    const message = await this.gateway.verifyRedirect(input.query);
    if (!message.verdict.ok) {
      const { kind, message: text } = message.verdict.rejection;
      return rejectionError(kind, text);
    }
    const outcome = message.verdict.outcome;
    const transactionId =
      outcome.gatewayRef === null
        ? outcome.transactionId
        : await this.store.findTransactionIdByGatewayRef(outcome.gatewayRef);
    const tx = transactionId === null ? null : await this.store.findById(transactionId);
    if (!tx) {
      return rejectionError('unknown_transaction', 'Unknown payment');
    }
    if (outcome.status !== 'pending' && tx.status === 'pending') {
      // Best effort: a failure is logged by the reconciler, and the callback still comes.
      await this.reconcile.reconcileNow(tx.transactionId);
    }
    return ok({ transactionId: tx.transactionId });
  }
}
