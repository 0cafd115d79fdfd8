import type { Sen } from '../../src/contract/money';
import type { GatewayHandOff, PaymentStatus } from '../../src/contract/payment';
import type { Result } from '../../src/contract/result';
import type { PaymentMethod } from '../../src/contract/rules';

/**
 * The hosted payment gateway as the payment use cases need it. An adapter owns the wire format
 * and the signature scheme of one gateway; the use cases own the state machine and the store.
 * Nothing an adapter answers has been checked against our books: the amount, the existence of
 * the payment and its current status are the use cases' business.
 */
export interface PaymentGateway {
  /** 'sandbox', 'billplz': for logs and the recorded audit trail. */
  readonly name: string;

  /** What this adapter supports; the gateway conformance suite checks each declaration. */
  readonly capabilities: GatewayCapabilities;

  /**
   * Where the member's browser goes to pay. An adapter that keeps a payment of its own at the
   * gateway (a bill) creates it here and answers its reference; given `existingRef`, it answers
   * the hand-off of that payment instead of creating another one (idempotent retries).
   * Throws when the gateway cannot be reached or refuses; nothing is stored then.
   */
  startPayment(request: PaymentStartRequest): Promise<PaymentStart>;

  /**
   * Verifies and reads a server-to-server callback, signature first. A gateway that signs
   * nothing (callbackTrust `status_query`) asks the gateway only about a payment `isOurs` knows,
   * refusing any other as `unknown_transaction` without a call out, and answers `unavailable`
   * when the gateway cannot be asked (down, timed out, answering nonsense).
   */
  verifyCallback(request: GatewayCallbackRequest, isOurs: OurPaymentCheck): Promise<GatewayMessage>;

  /**
   * Verifies the query string the gateway sends the payer's tab back with. Gateways that send
   * the tab straight to our return page answer `not_supported`.
   */
  verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage>;

  /**
   * What the gateway knows about one payment now (reconciliation after a lost callback).
   * Throws when the gateway cannot be reached or answers nonsense; the caller retries later.
   */
  queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer>;

  /**
   * Sends an approved refund (only when `capabilities.refunds` is `api`). `refundId` is the
   * idempotency key: sent again after a timeout, the gateway answers the first send's outcome
   * and pays nothing twice. Answers `unavailable` when the gateway cannot be reached, times out
   * or answers nonsense (the refund stays approved and may be sent again); never throws for that.
   */
  refund?(request: GatewayRefundRequest): Promise<GatewayRefundAnswer>;
}

export interface GatewayRefundRequest extends GatewayPaymentRef {
  refundId: string;
  amountSen: Sen;
}

export type GatewayRefundAnswer =
  | { kind: 'refunded'; gatewayRefundRef: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'unavailable'; reason: string };

export interface GatewayCapabilities {
  /** queryStatus asks the gateway (reconciliation works). */
  statusQuery: boolean;
  /**
   * How money goes back: `api`, the adapter's `refund` sends it through the gateway; `manual`,
   * the gateway has no refund call and finance pays it back by bank transfer outside it.
   */
  refunds: 'api' | 'manual';
  /** The gateway's bank list for the payer to pick from; no adapter offers it yet. */
  bankList: boolean;
  /** startPayment calls the gateway (a bill is created there); else it only signs a hand-off. */
  createsAtGateway: boolean;
  /** A callback is believed for its signature, or for a status query that confirms it. */
  callbackTrust: 'signature' | 'status_query';
  /** A callback carries a signed time, refused outside the replay window. */
  replayWindow: boolean;
  /** An unpaid attempt is final (`failed`), or leaves the payment payable (`pending`). */
  unpaidAttempt: 'failed' | 'pending';
  /**
   * How the gateway's messages name the currency: `stated`, in a field the adapter checks (a
   * message in another currency than ringgit is refused); or `implied_myr`, the protocol has no
   * currency field and the merchant account takes ringgit only.
   */
  currency: 'stated' | 'implied_myr';
}

export interface PaymentStartRequest {
  transactionId: string;
  amountSen: Sen;
  paymentMethod: PaymentMethod;
  customer: { name: string; mobile: string; email: string };
  /** Our return page for this payment: `${PUBLIC_URL}/return?transactionId=...`. */
  returnUrl: string;
  /** Our callback endpoint: `${PUBLIC_URL}/api/payment/callback`. */
  callbackUrl: string;
  /** Our redirect endpoint, for gateways that sign the redirect: `${PUBLIC_URL}/api/payment/redirect`. */
  redirectUrl: string;
  /** The gateway's reference already stored for this payment, if any. */
  existingRef: string | null;
}

export interface PaymentStart {
  handOff: GatewayHandOff;
  /** The gateway's own id for this payment (Billplz: the bill id); null when it keeps none. */
  gatewayRef: string | null;
}

/** An HTTP request as received, before any parsing an adapter cares about. */
export interface GatewayCallbackRequest {
  /** The content type without parameters, lower-case ('application/json'); '' when absent. */
  contentType: string;
  /** Parsed JSON for JSON bodies; the raw text for any other body; undefined when none. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface GatewayPaymentRef {
  transactionId: string;
  gatewayRef: string | null;
}

/** A gateway's statement whose signature (or channel) has been verified. */
export interface GatewayOutcome {
  /** Our transactionId when the message names it; null when only the gateway's id is given. */
  transactionId: string | null;
  /** The gateway's id of the payment when the message names it. */
  gatewayRef: string | null;
  /** `pending`: the gateway has no final word yet (a Billplz bill still due). */
  status: PaymentStatus;
  /** Null when the message states no amount (a redirect): such a message is never applied. */
  amountSen: Sen | null;
  /** Why a `pending` outcome is not final, in the gateway's terms, for the recorded reason. */
  note?: string;
}

export type GatewayRejectionKind =
  | 'malformed'
  | 'bad_signature'
  | 'stale'
  | 'not_supported'
  /** The message names a payment our books do not hold for this gateway. */
  | 'unknown_transaction'
  /** The gateway could not be asked to confirm the message: nothing is known either way. */
  | 'unavailable';

/**
 * Our books, as a callback's verification may consult them before any call out: whether one of
 * our payments through this gateway carries the gateway's id `gatewayRef`.
 */
export type OurPaymentCheck = (gatewayRef: string) => Promise<boolean>;

export interface GatewayRejection {
  kind: GatewayRejectionKind;
  message: string;
  /** A well-formed transactionId read from the message, for the record; null otherwise. */
  transactionId: string | null;
}

/** One message from the gateway: what to record of it, and what it says once verified. */
export interface GatewayMessage {
  /** The message as received, serialised for the audit trail (the adapter knows its format). */
  payload: string;
  verdict: Result<GatewayOutcome, GatewayRejection>;
}

export type GatewayStatusAnswer =
  { kind: 'not_found' } | { kind: 'found'; message: GatewayMessage };
