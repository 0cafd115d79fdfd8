import type {
  PaymentDetailResponse,
  PaymentSummaryDto,
  RefundDto,
} from '../../src/contract/ops-payments-api';

/** A payment as the console's API lists it, member masked. */
export const aPayment = (
  id: string,
  extra: Partial<PaymentSummaryDto> = {},
): PaymentSummaryDto => ({
  transaction_id: id,
  receipt_number: `RCP-${id}`,
  gateway: 'sandbox',
  gateway_ref: `SB-${id}`,
  amount: '100.00',
  refunded: '0.00',
  status: 'completed',
  created_at: '2026-01-01T01:00:00.000Z',
  paid_at: '2026-01-01T01:01:00.000Z',
  member: { id: 'm-1', name: 'S*** A****', phone_no: '60******5678' },
  ...extra,
});

/** A refund asked for by `requester` (an operator id). */
export const aRefund = (id: string, extra: Partial<RefundDto> = {}): RefundDto => ({
  id,
  transaction_id: 'TXN-1',
  amount: '30.00',
  status: 'requested',
  method: 'api',
  reason: 'Member paid twice',
  requested_by: { id: 'op-finance', name: 'Ana finance' },
  requested_at: '2026-01-01T02:00:00.000Z',
  decided_by: null,
  closed_by: null,
  decided_at: null,
  decision_reason: null,
  reference: null,
  transfer_date: null,
  failure_reason: null,
  updated_at: '2026-01-01T02:00:00.000Z',
  ...extra,
});

export const aDetail = (extra: Partial<PaymentDetailResponse> = {}): PaymentDetailResponse => ({
  payment: aPayment('TXN-1'),
  refundable: '100.00',
  refund_method: 'api',
  refunds: [],
  timeline: [
    {
      at: '2026-01-01T01:00:00.000Z',
      kind: 'created',
      result: null,
      detail: null,
      payload: null,
      operator: null,
    },
  ],
  ...extra,
});
