import { TRANSFER_REFERENCE_MAX_LENGTH } from '../../../src/contract/ops-rules';
import {
  isSecondPerson,
  parseRefundAmount,
  type Refund,
  refundable,
} from '../../domain/ops/refund';
import { type Clock } from '../../ports/clock.port';
import { type DirectoryRefund } from '../../ports/payment-directory.port';
import { type PaymentGateways } from '../../ports/payment-gateways.port';
import { type Random } from '../../ports/random.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, invalidField, ok, type Result, type UseCaseError } from '../result';
import { reasonOf } from './actor';
import { unconfirmedRefusal } from './operator-changes';
import { RefundSender } from './refund-sending';
import {
  auditRefundStep,
  inRefundUnit,
  isCalendarDay,
  malaysiaDay,
  namedRefund,
  type RefundStepBy,
  stepUpRefusal,
} from './refund-steps';

type Answer = Promise<Result<DirectoryRefund, UseCaseError>>;

/**
 * Refunds with two people: a finance operator asks (amount, reason) for a completed payment, and
 * another finance or admin operator approves or rejects. An operator an admin created or
 * re-enrolled takes neither step until another admin has confirmed them (OPS_UNCONFIRMED), so
 * one admin cannot be both people through an account of their own making. Approved gateway refunds are sent
 * through the payment's gateway (retried when it could not be reached); manual ones are closed
 * with the bank transfer that paid the money back. Every step asks for a second factor given in
 * the last five minutes, and every step is audited in its own transaction.
 */
export class RefundsUseCase {
  private readonly sender: RefundSender;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
    private readonly random: Random,
  ) {
    this.sender = new RefundSender(uow, gateways, clock);
  }

  /** Asks for a refund of (part of) a completed payment. */
  async request(
    by: RefundStepBy,
    transactionId: string,
    input: { amount: string; reason: string },
  ): Answer {
    const now = this.clock.now();
    const refusal = stepUpRefusal(by, now);
    if (refusal) return refusal;
    const amount = parseRefundAmount(input.amount);
    if (!amount.ok) return invalidField('amount', 'refund-amount-format');
    const reason = reasonOf(input.reason);
    if (reason === null) return invalidField('reason', 'refund-reason-length');
    return inRefundUnit(this.uow, async (tx) => {
      const { refunds, audit, operators } = tx;
      const unconfirmed = await unconfirmedRefusal(tx, by.actor);
      if (unconfirmed) return unconfirmed;
      const payment = await refunds.findPayment(transactionId);
      if (payment === null) return failWith('NOT_FOUND');
      if (payment.status !== 'completed') return failWith('PAYMENT_NOT_COMPLETED');
      const left = refundable(payment.amountSen, await refunds.listForPayment(transactionId));
      if (amount.value > left) return failWith('REFUND_OVER_REFUNDABLE');
      const at = new Date(now);
      const refund = await refunds.request({
        id: this.random.uuid(),
        transactionId,
        amountSen: amount.value,
        method: this.gateways.byName(payment.gateway)?.capabilities.refunds ?? 'manual',
        reason,
        requestedBy: by.actor.id,
        requestedAt: at,
      });
      await auditRefundStep(audit, { by, at, action: 'refund.request', reason }, refund, null);
      return ok(await namedRefund(operators, refund));
    });
  }

  /** Approves another operator's request; a gateway refund is then sent. */
  async approve(by: RefundStepBy, refundId: string, reason: string): Answer {
    return this.decide(by, refundId, reason, true);
  }

  async reject(by: RefundStepBy, refundId: string, reason: string): Answer {
    return this.decide(by, refundId, reason, false);
  }

  /** Sends an approved or failed gateway refund again (the same idempotency key). */
  async retry(by: RefundStepBy, refundId: string): Answer {
    const now = this.clock.now();
    const refusal = stepUpRefusal(by, now);
    if (refusal) return refusal;
    const reopened = await inRefundUnit(this.uow, async ({ refunds, audit }) => {
      const refund = await refunds.findById(refundId);
      if (refund === null) return failWith('NOT_FOUND');
      const retryable = refund.status === 'approved' || refund.status === 'refund_failed';
      if (refund.method !== 'api' || !retryable) return failWith('REFUND_NOT_PENDING');
      const at = new Date(now);
      const ready =
        refund.status === 'refund_failed' ? await refunds.reopen(refund.id, at) : refund;
      await auditRefundStep(audit, { by, at, action: 'refund.retry' }, ready, refund.status);
      return ok(ready);
    });
    if (!reopened.ok) return reopened;
    return this.answer(await this.sender.send(reopened.value, by));
  }

  /** Closes an approved manual refund with the bank transfer that paid it back. */
  async close(
    by: RefundStepBy,
    refundId: string,
    transfer: { reference: string; transferDate: string },
  ): Answer {
    const now = this.clock.now();
    const refusal = stepUpRefusal(by, now);
    if (refusal) return refusal;
    const reference = transfer.reference.trim();
    if (reference.length === 0 || reference.length > TRANSFER_REFERENCE_MAX_LENGTH) {
      return invalidField('reference', 'transfer-reference-length');
    }
    const day = transfer.transferDate;
    if (!isCalendarDay(day) || day > malaysiaDay(now)) {
      return invalidField('transfer_date', 'transfer-date-invalid');
    }
    return inRefundUnit(this.uow, async ({ refunds, audit, operators }) => {
      const refund = await refunds.findById(refundId);
      if (refund === null) return failWith('NOT_FOUND');
      if (refund.method !== 'manual' || refund.status !== 'approved') {
        return failWith('REFUND_NOT_PENDING');
      }
      const at = new Date(now);
      const closed = await refunds.closeManual(refund.id, {
        reference,
        transferDate: day,
        closedBy: by.actor.id,
        at,
      });
      await auditRefundStep(audit, { by, at, action: 'refund.close' }, closed, refund.status, {
        reference,
        transfer_date: day,
      });
      return ok(await namedRefund(operators, closed));
    });
  }

  private async decide(by: RefundStepBy, refundId: string, text: string, approve: boolean): Answer {
    const now = this.clock.now();
    const refusal = stepUpRefusal(by, now);
    if (refusal) return refusal;
    const reason = reasonOf(text);
    if (reason === null) return invalidField('reason', 'refund-reason-length');
    const decided = await inRefundUnit(this.uow, async (tx) => {
      const { refunds, audit } = tx;
      const unconfirmed = await unconfirmedRefusal(tx, by.actor);
      if (unconfirmed) return unconfirmed;
      const refund = await refunds.findById(refundId);
      if (refund === null) return failWith('NOT_FOUND');
      if (!isSecondPerson(refund.requestedBy, by.actor.id)) return failWith('REFUND_OWN_REQUEST');
      if (refund.status !== 'requested') return failWith('REFUND_NOT_PENDING');
      const at = new Date(now);
      const after = await refunds.decide(refund.id, {
        approve,
        decidedBy: by.actor.id,
        reason,
        at,
      });
      const action = approve ? 'refund.approve' : 'refund.reject';
      await auditRefundStep(audit, { by, at, action, reason }, after, refund.status);
      return ok(after);
    });
    if (!decided.ok) return decided;
    const refund = decided.value;
    const sendNow = refund.status === 'approved' && refund.method === 'api';
    return this.answer(sendNow ? await this.sender.send(refund, by) : refund);
  }

  private async answer(refund: Refund): Answer {
    return ok(await this.uow.run(({ operators }) => namedRefund(operators, refund)));
  }
}
