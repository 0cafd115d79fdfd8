import { REFUND_STATUSES } from '../../../src/contract/ops-payments-api';

/** The member's view of refunds in the answers' schemas (answers.ts): beside a payment's status. */

/** What a payment's refunds done gave back. */
export const refundedMoney = {
  type: 'string',
  description: 'MYR given back by refunds done, "0.00" when none; the status stays as it is.',
  examples: ['0.00', '12.50'],
} as const;

/** A payment's refunds in "Download my data": no operator, no reason. */
export const refundsOfPayment = {
  type: 'array',
  items: {
    type: 'object',
    required: ['amount', 'status', 'requested_at', 'refunded_at'],
    properties: {
      amount: { type: 'string', description: 'MYR as decimal text.', examples: ['12.50'] },
      status: { type: 'string', enum: REFUND_STATUSES },
      requested_at: { type: 'string', format: 'date-time' },
      refunded_at: { type: ['string', 'null'], format: 'date-time' },
    },
  },
} as const;
