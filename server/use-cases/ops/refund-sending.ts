import { type Refund } from '../../domain/ops/refund';
import { type Clock } from '../../ports/clock.port';
import { type PaymentGateways } from '../../ports/payment-gateways.port';
import { type RefundSendOutcome } from '../../ports/refund-store.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { auditRefundStep, type RefundStepBy } from './refund-steps';

/**
 * Sends an approved gateway refund and records what came of it. The refund's id is the
 * idempotency key toward the gateway, so a send repeated after a timeout pays nothing twice; a
 * gateway that cannot be reached (or throws) leaves the refund approved, one attempt more, to be
 * sent again. The outcome and its audit entry commit together; an outcome another send already
 * recorded is left as it is.
 */
export class RefundSender {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
  ) {}

  async send(refund: Refund, by: RefundStepBy): Promise<Refund> {
    const outcome = await this.askGateway(refund);
    const at = new Date(this.clock.now());
    return this.uow.run(async ({ refunds, audit }) => {
      const recorded = await refunds.recordSend(refund.id, outcome, at);
      if (recorded === null) return (await refunds.findById(refund.id)) ?? refund;
      await auditRefundStep(
        audit,
        { by, at, action: 'refund.send' },
        recorded,
        'approved',
        outcome.kind === 'refunded'
          ? { gateway_refund_ref: outcome.reference }
          : { outcome: outcome.kind, failure_reason: outcome.reason },
      );
      return recorded;
    });
  }

  private async askGateway(refund: Refund): Promise<RefundSendOutcome> {
    const payment = await this.uow.run(({ refunds }) => refunds.findPayment(refund.transactionId));
    const gateway = payment === null ? undefined : this.gateways.byName(payment.gateway);
    if (payment === null || gateway?.refund === undefined) {
      return { kind: 'unavailable', reason: "this payment's gateway sends no refunds" };
    }
    try {
      const answer = await gateway.refund({
        transactionId: payment.transactionId,
        gatewayRef: payment.gatewayRef,
        refundId: refund.id,
        amountSen: refund.amountSen,
      });
      if (answer.kind === 'refunded')
        return { kind: 'refunded', reference: answer.gatewayRefundRef };
      return answer;
    } catch (error) {
      // The port promises an answer, never a throw; a broken adapter still loses nothing.
      return { kind: 'unavailable', reason: (error as Error).message.slice(0, 200) };
    }
  }
}
