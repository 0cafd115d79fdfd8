import { PAYMENT_METHODS } from '../../src/contract/rules';
import type { PaymentMethod } from '../../src/contract/rules';
import { formatSen, parseAmountToSen } from '../../src/contract/money';
import type { AmountError, Sen } from '../../src/contract/money';
import { generateTransactionId } from '../domain/transaction';
import type { RandomBytes, Transaction, TransactionStatus } from '../domain/transaction';
import { handOffCanonical } from '../../src/contract/sandbox-gateway';
import type { HandOffFields } from '../../src/contract/sandbox-gateway';
import type { GatewayHandOff } from '../../src/contract/payment';
import type { Clock } from '../ports/clock.port';
import type {
  PaymentGateway,
  PaymentStart,
  PaymentStartRequest,
} from '../ports/payment-gateway.port';
import type { PaymentGateways } from '../ports/payment-gateways.port';
import type { PaymentSigner } from '../ports/payment-signer.port';
import type { TransactionStore } from '../ports/transaction-store.port';
import { failWith, type FailureReason, ok, type Result, type UseCaseError } from './result';

/**
 * A stored payment and how the member's browser is handed to the gateway: the signed hand-off
 * fields (the spec's payment request fields, signed with the gateway secret) and the hand-off the
 * configured gateway adapter chose. The route shapes it into the wire's answer.
 */
export interface PaymentRequest {
  transactionId: string;
  status: TransactionStatus;
  handOffFields: HandOffFields;
  /** HMAC-SHA256 of handOffCanonical(handOffFields), hex. */
  signature: string;
  handOff: GatewayHandOff;
}

/** Only what this use case needs of a member; wired to the member repository in the container. */
export type MemberContactLookup = (memberId: string) => Promise<MemberContact | null>;

interface MemberContact {
  name: string;
  phoneNo: string;
}

export interface CreatePaymentRequestSettings {
  /** Our merchant id at the gateway. */
  clientId: string;
  /** Origin the gateway and the browser reach us at, without a trailing slash. */
  publicUrl: string;
}

export interface CreatePaymentRequestInput {
  memberId: string;
  amount: unknown;
  paymentMethod: unknown;
  idempotencyKey?: string;
}

/**
 * Fails with VALIDATION_FAILED naming amount, payment_method or Idempotency-Key; AUTH_REQUIRED
 * when the session's member no longer exists; PAYMENT_IDEMPOTENCY_CONFLICT; or
 * PAYMENT_GATEWAY_UNAVAILABLE when the gateway could not start the payment (down, or refused:
 * the transaction it was stored as is discarded, so nothing is left half made).
 */
export type CreatePaymentRequestResult = Result<PaymentRequest, UseCaseError>;

const AMOUNT_REASONS = {
  required: 'amount-required',
  format: 'amount-format',
  below_minimum: 'amount-below-minimum',
  above_maximum: 'amount-above-maximum',
} as const satisfies Record<AmountError, FailureReason>;

/** Printable ASCII without spaces, as most APIs accept for Idempotency-Key (UUIDs fit easily). */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/**
 * Creates a pending transaction for the member and returns the signed hand-off for the gateway.
 * The server re-validates what the SPA validated: the browser is not trusted with money rules.
 */
export class CreatePaymentRequestUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly signer: PaymentSigner,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
    private readonly findMemberContact: MemberContactLookup,
    private readonly randomBytes: RandomBytes,
    /** Read per request: the public origin may only be known once the server listens (tests). */
    private readonly settings: () => CreatePaymentRequestSettings,
    private readonly warn: (context: Record<string, unknown>, message: string) => void = () => {},
  ) {}

  async execute(input: CreatePaymentRequestInput): Promise<CreatePaymentRequestResult> {
    const checked = checkInput(input);
    if (!checked.ok) return checked;
    const member = await this.findMemberContact(input.memberId);
    if (!member) return failWith('AUTH_REQUIRED');

    const stored = await this.storePending(input.memberId, checked.value);
    if (!stored.ok) return stored;
    const { transaction: tx, created } = stored.value;
    // A repeated request goes on with the gateway that took the payment, even if another one
    // takes new payments since; when that gateway is no longer configured, nobody can pay it.
    const gateway = this.gateways.byName(tx.gateway);
    if (!gateway) return failWith('PAYMENT_GATEWAY_UNAVAILABLE');

    const settings = this.settings();
    const publicUrl = settings.publicUrl.replace(/\/+$/, '');
    const fields = handOffFields(settings.clientId, publicUrl, tx, member, gateway.name);
    const start = await this.start(gateway, {
      transactionId: tx.transactionId,
      amountSen: tx.amountSen,
      paymentMethod: tx.paymentMethod,
      customer: { name: member.name, mobile: member.phoneNo, email: '' },
      returnUrl: fields.returnUrl,
      callbackUrl: fields.callbackUrl,
      redirectUrl: `${publicUrl}/api/payment/redirect/${gateway.name}`,
      // A repeated idempotent request reuses the gateway's payment instead of making another.
      existingRef: created ? null : await this.store.findGatewayRef(tx.transactionId),
    });
    if (!start) {
      // Nothing half made: the payment this request stored is not kept when the gateway never
      // started it (a retry, with the same Idempotency-Key or not, starts afresh); one the
      // gateway did start stays for its callback. A repeated request leaves the first to decide.
      if (created) await this.store.discardUnstarted(tx.transactionId);
      return failWith('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    return {
      ok: true,
      value: {
        transactionId: tx.transactionId,
        status: tx.status,
        handOffFields: fields,
        signature: this.signer.sign(handOffCanonical(fields)),
        handOff: start.handOff,
      },
    };
  }

  /**
   * The pending transaction under the idempotency key: a new one, or the one the key already
   * made when it is for the same amount and method.
   */
  private async storePending(
    memberId: string,
    { amountSen, paymentMethod, idempotencyKey }: CheckedInput,
  ): Promise<Result<{ transaction: Transaction; created: boolean }, UseCaseError>> {
    const stored = await this.store.createPending(
      {
        transactionId: generateTransactionId(this.randomBytes),
        memberId,
        amountSen,
        paymentMethod,
        gateway: this.gateways.current.name,
        createdAt: new Date(this.clock.now()),
      },
      idempotencyKey,
    );
    const tx = stored.transaction;
    // The account was deleted while this request was on its way: nothing was stored.
    if (tx === null) return failWith('AUTH_SESSION_ENDED');
    if (!stored.created && (tx.amountSen !== amountSen || tx.paymentMethod !== paymentMethod)) {
      return failWith('PAYMENT_IDEMPOTENCY_CONFLICT');
    }
    return ok({ transaction: tx, created: stored.created });
  }

  /**
   * The payment started at the gateway, its reference attached to the transaction; null when
   * the gateway could not start it or the transaction was discarded meanwhile.
   */
  private async start(
    gateway: PaymentGateway,
    request: PaymentStartRequest,
  ): Promise<PaymentStart | null> {
    const start = await this.startAtGateway(gateway, request);
    if (!start || start.gatewayRef === null || start.gatewayRef === request.existingRef) {
      return start;
    }
    const kept = await this.attachRef(request.transactionId, start.gatewayRef);
    // A racing request with the same key attached its payment first: hand off to that one
    // (ours stays unpaid at the gateway, and nobody is sent to it). Null: the row was
    // discarded meanwhile by a racing request whose start failed.
    if (kept === null) return null;
    if (kept === start.gatewayRef) return start;
    return this.startAtGateway(gateway, { ...request, existingRef: kept });
  }

  /** The reference kept for the payment; null when the payment is no longer stored. */
  private async attachRef(transactionId: string, gatewayRef: string): Promise<string | null> {
    try {
      return await this.store.attachGatewayRef(transactionId, gatewayRef);
    } catch (error) {
      if ((await this.store.findById(transactionId)) === null) return null;
      throw error;
    }
  }

  /** Null when the gateway cannot be reached or refuses: the member may simply try again. */
  private async startAtGateway(
    gateway: PaymentGateway,
    request: PaymentStartRequest,
  ): Promise<PaymentStart | null> {
    try {
      return await gateway.startPayment(request);
    } catch (error) {
      this.warn({ transactionId: request.transactionId, err: error }, 'gateway start failed');
      return null;
    }
  }
}

/** The fields handed to the gateway through the browser, signed by the caller. */
function handOffFields(
  clientId: string,
  publicUrl: string,
  tx: Transaction,
  member: MemberContact,
  gatewayName: string,
): HandOffFields {
  return {
    clientId,
    transactionId: tx.transactionId,
    amount: formatSen(tx.amountSen),
    custName: member.name,
    custMobile: member.phoneNo,
    custEmail: '',
    returnUrl: `${publicUrl}/return?transactionId=${encodeURIComponent(tx.transactionId)}`,
    callbackUrl: `${publicUrl}/api/payment/callback/${gatewayName}`,
    paymentMethod: tx.paymentMethod,
  };
}

interface CheckedInput {
  amountSen: Sen;
  paymentMethod: PaymentMethod;
  idempotencyKey: string | undefined;
}

/** The amount, method and idempotency key re-checked: the browser is not trusted with them. */
function checkInput(input: CreatePaymentRequestInput): Result<CheckedInput, UseCaseError> {
  const amount = parseAmountToSen(input.amount);
  if (!amount.ok) {
    return invalid('amount', AMOUNT_REASONS[amount.error]);
  }
  if (!isPaymentMethod(input.paymentMethod)) {
    return invalid('payment_method', 'payment-method-unknown');
  }
  const key = input.idempotencyKey;
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return invalid('Idempotency-Key', 'idempotency-key-format');
  }
  return ok({ amountSen: amount.value, paymentMethod: input.paymentMethod, idempotencyKey: key });
}

const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);

const invalid = (
  field: 'amount' | 'payment_method' | 'Idempotency-Key',
  reason: FailureReason,
): { ok: false; error: UseCaseError } => failWith('VALIDATION_FAILED', { field, reason });
