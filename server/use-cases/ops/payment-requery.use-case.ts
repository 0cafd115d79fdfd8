import { type RequeryResponse } from '../../../src/contract/ops-payments-api';
import { type PaymentStatus } from '../../../src/contract/payment';
import { type Clock } from '../../ports/clock.port';
import { type GatewayMessage } from '../../ports/payment-gateway.port';
import { type PaymentGateways } from '../../ports/payment-gateways.port';
import { type CallbackResult, type TransactionStore } from '../../ports/transaction-store.port';
import {
  type ApplyPaymentCallbackResult,
  type ApplyPaymentCallbackUseCase,
} from '../apply-payment-callback.use-case';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

type OperatorActor = Extract<Actor, { kind: 'operator' }>;

/** What the answer came to, and the detail it is recorded with. */
interface Outcome {
  result: CallbackResult;
  status: PaymentStatus;
  detail: string | null;
}

/**
 * "Ask the gateway now": an operator asks the payment's own gateway for its status, final or not,
 * and the answer goes through exactly the checks a callback goes through (the adapter's reading,
 * then with the payment's row locked its gateway, amount and the forward-only state machine), so
 * it applies at most once (a concurrent ask, callback or reconciliation finds it applied and is a
 * duplicate). Every ask is recorded among the payment's messages (source `requery`, with the
 * operator) and audited in the same transaction: also when the gateway cannot be asked, does not
 * know the payment, or is no longer configured.
 */
export class PaymentRequeryUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly gateways: PaymentGateways,
    private readonly applyCallback: ApplyPaymentCallbackUseCase,
    private readonly clock: Clock,
  ) {}

  async requery(
    actor: OperatorActor,
    transactionId: string,
  ): Promise<Result<RequeryResponse, UseCaseError>> {
    const payment = await this.store.findById(transactionId);
    if (payment === null) return failWith('NOT_FOUND');
    const before = payment.status;
    const gateway = this.gateways.byName(payment.gateway);
    if (!gateway) {
      const reason = `not_supported: no gateway named ${payment.gateway} is configured`;
      return ok(await this.recordUnanswered(actor, transactionId, before, 'rejected', reason));
    }
    let message: GatewayMessage;
    try {
      const gatewayRef = await this.store.findGatewayRef(transactionId);
      const answer = await gateway.queryStatus({ transactionId, gatewayRef });
      if (answer.kind === 'not_found') {
        const reason = 'not_found: the gateway knows no such payment';
        return ok(await this.recordUnanswered(actor, transactionId, before, 'ignored', reason));
      }
      message = answer.message;
    } catch {
      const reason = 'unavailable: the gateway could not be asked';
      return ok(await this.recordUnanswered(actor, transactionId, before, 'rejected', reason));
    }
    const now = new Date(this.clock.now());
    const note = message.verdict.ok ? (message.verdict.value.note ?? null) : null;
    const outcomeOf = (applied: ApplyPaymentCallbackResult): Outcome =>
      applied.ok
        ? {
            result: applied.value.result,
            status: applied.value.status,
            detail: applied.value.result === 'ignored' ? note : null,
          }
        : { result: 'rejected', status: before, detail: applied.error.message };
    const applied = await this.applyCallback.apply(
      message,
      'requery',
      gateway.name,
      transactionId,
      {
        operatorId: actor.id,
        transactionId,
        audit: (result) => this.auditEntry(actor, now, transactionId, before, outcomeOf(result)),
      },
    );
    return ok(outcomeOf(applied));
  }

  /** An ask without an answer to check: recorded and audited together, nothing changed. */
  private async recordUnanswered(
    actor: OperatorActor,
    transactionId: string,
    status: PaymentStatus,
    result: CallbackResult,
    reason: string,
  ): Promise<RequeryResponse> {
    const now = new Date(this.clock.now());
    const outcome = { result, status, detail: reason };
    await this.store.withLockedTransaction(transactionId, async (_current, unit) => {
      await unit.recordCallback({
        source: 'requery',
        transactionId,
        payload: '',
        result,
        reason,
        receivedAt: now,
        operatorId: actor.id,
      });
      await unit.appendAudit(this.auditEntry(actor, now, transactionId, status, outcome));
    });
    return outcome;
  }

  private auditEntry(
    actor: OperatorActor,
    at: Date,
    transactionId: string,
    before: PaymentStatus,
    outcome: Outcome,
  ) {
    return entryOf(actor, at, {
      action: 'payment.requery',
      targetType: 'payment',
      targetId: transactionId,
      changes: {
        status: { before, after: outcome.status },
        result: { before: null, after: outcome.result },
      },
    });
  }
}
