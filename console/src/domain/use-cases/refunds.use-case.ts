import type { RefundListResponse, RefundStatus } from '../../../../src/contract/ops-payments-api';
import { formatSen } from '../../../../src/contract/money';
import { err, ok } from '../../../../src/contract/result';
import {
  refundAmountError,
  ringgitToSen,
  transferDateError,
  transferReferenceError,
} from '../payment-rules';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import { reasonError } from '../rules';

/** The refunds the queue page lists: those still waiting for someone. */
export const WAITING_REFUND_STATUSES = ['requested', 'approved', 'refund_failed'] as const;

/** A field that breaks the form's rules, refused before any call. */
const invalid = (field: string) => err({ code: 'VALIDATION_FAILED' as const, field });

/**
 * Refunds: a finance operator asks for one (amount in ringgit and a reason), another operator
 * approves or rejects it, sends a gateway refund again, or closes a manual one with the bank
 * transfer that paid it back. Every write is refused here first when a field breaks its rule.
 */
export class RefundsUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  async request(
    paymentId: string,
    amount: string,
    reason: string,
    refundable: string,
  ): Promise<OpsResult<null>> {
    if (refundAmountError(amount, refundable) !== null) return invalid('amount');
    if (reasonError(reason) !== null) return invalid('reason');
    const sen = ringgitToSen(amount) ?? 0;
    const answer = await this.http.call(
      'requestRefund',
      { amount: formatSen(sen), reason: reason.trim() },
      { id: paymentId },
    );
    return answer.ok ? ok(null) : answer;
  }

  async decide(
    refundId: string,
    decision: 'approve' | 'reject',
    reason: string,
  ): Promise<OpsResult<null>> {
    if (reasonError(reason) !== null) return invalid('reason');
    const endpoint = decision === 'approve' ? 'approveRefund' : 'rejectRefund';
    const answer = await this.http.call(endpoint, { reason: reason.trim() }, { id: refundId });
    return answer.ok ? ok(null) : answer;
  }

  /** Sends an approved or failed gateway refund again (the same idempotency key toward it). */
  async retry(refundId: string): Promise<OpsResult<null>> {
    const answer = await this.http.call('retryRefund', {}, { id: refundId });
    return answer.ok ? ok(null) : answer;
  }

  /** Closes a manual refund with the bank transfer that paid the money back. */
  async close(
    refundId: string,
    reference: string,
    transferDate: string,
    today: string,
  ): Promise<OpsResult<null>> {
    if (transferReferenceError(reference) !== null) return invalid('reference');
    if (transferDateError(transferDate, today) !== null) return invalid('transfer_date');
    const answer = await this.http.call(
      'closeRefund',
      { reference: reference.trim(), transfer_date: transferDate.trim() },
      { id: refundId },
    );
    return answer.ok ? ok(null) : answer;
  }

  /** Refunds waiting for a decision, a send or a transfer, newest first; one status or all. */
  queue(status?: RefundStatus, cursor?: string): Promise<OpsResult<RefundListResponse>> {
    return this.http.call('refunds', {
      ...(status !== undefined ? { status } : {}),
      ...(cursor !== undefined ? { cursor } : {}),
    });
  }
}
