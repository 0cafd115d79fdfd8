import { formatSen } from '../../../src/contract/money';
import {
  type PaymentDetailResponse,
  type PaymentSearchResponse,
  type PaymentSummaryDto,
  type RefundDto,
  type RefundListResponse,
  type TimelineEventDto,
} from '../../../src/contract/ops-payments-api';
import { type DirectoryPayment, type DirectoryRefund } from '../../ports/payment-directory.port';
import {
  type PaymentPage,
  type PaymentRecord,
  type RefundPage,
} from '../../use-cases/ops/payment-support.use-case';
import { type TimelineStep } from '../../use-cases/ops/payment-views';

/** The console's payments and refunds as it reads them (the use cases masked the member). */

const summary = (payment: DirectoryPayment): PaymentSummaryDto => ({
  transaction_id: payment.transactionId,
  receipt_number: payment.receiptNumber,
  gateway: payment.gateway,
  gateway_ref: payment.gatewayRef,
  amount: formatSen(payment.amountSen),
  refunded: formatSen(payment.refundedSen),
  status: payment.status,
  created_at: payment.createdAt.toISOString(),
  paid_at: payment.paidAt?.toISOString() ?? null,
  member: { id: payment.member.id, name: payment.member.name, phone_no: payment.member.phoneNo },
});

export const refundDto = (refund: DirectoryRefund): RefundDto => ({
  id: refund.id,
  transaction_id: refund.transactionId,
  amount: formatSen(refund.amountSen),
  status: refund.status,
  method: refund.method,
  reason: refund.reason,
  requested_by: refund.requestedBy,
  requested_at: refund.requestedAt.toISOString(),
  decided_by: refund.decidedBy,
  decided_at: refund.decidedAt?.toISOString() ?? null,
  decision_reason: refund.decisionReason,
  reference: refund.reference,
  closed_by: refund.closedBy,
  transfer_date: refund.transferDate,
  failure_reason: refund.failureReason,
  updated_at: refund.updatedAt.toISOString(),
});

const event = (step: TimelineStep): TimelineEventDto => ({
  at: step.at.toISOString(),
  kind: step.kind,
  result: step.result,
  detail: step.detail,
  payload: step.payload,
  operator: step.operator,
});

export const paymentSearchResponse = (page: PaymentPage): PaymentSearchResponse => ({
  items: page.payments.map(summary),
  next_cursor: page.nextCursor,
});

export const paymentDetailResponse = (record: PaymentRecord): PaymentDetailResponse => ({
  payment: summary(record.payment),
  refundable: formatSen(record.refundableSen),
  refund_method: record.refundMethod,
  refunds: record.refunds.map(refundDto),
  timeline: record.timeline.map(event),
});

export const refundListResponse = (page: RefundPage): RefundListResponse => ({
  items: page.refunds.map((refund) => ({
    ...refundDto(refund),
    payment_amount: formatSen(refund.paymentAmountSen),
    gateway: refund.gateway,
  })),
  next_cursor: page.nextCursor,
});
