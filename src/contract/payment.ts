/** The payment states the API speaks. Every payment starts pending and moves once, forward. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The outcomes a gateway may report; `pending` is where every payment starts, never an outcome. */
export type FinalStatus = Exclude<PaymentStatus, 'pending'>;

export const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);

export const isFinalStatus = (status: PaymentStatus): status is FinalStatus => status !== 'pending';

/**
 * The reference a payment goes by at its gateway: the gateway's own id when it gave one (a Billplz
 * bill id), else our transaction id, by which a gateway with no ids of its own (the sandbox) knows
 * the payment. The receipt prints it and the console shows it: one rule, so they agree.
 */
export const gatewayReferenceOf = (gatewayRef: string | null, transactionId: string): string =>
  gatewayRef ?? transactionId;

/**
 * How the member's browser reaches the hosted payment page: the server decides it at run time
 * (which gateway, which host, which fields), the browser only submits it in the new tab.
 * A POST becomes a hidden form; a GET is a plain navigation to `url` (fields already in it).
 */
export interface GatewayHandOff {
  url: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
}
