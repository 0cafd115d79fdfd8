import { decideOutcome } from '../domain/transaction';
import type { Transaction, TransactionStatus } from '../domain/transaction';
import type { Sen } from '../../src/contract/money';
import type { Clock } from '../ports/clock.port';
import type {
  GatewayCallbackRequest,
  GatewayMessage,
  GatewayOutcome,
  OurPaymentCheck,
} from '../ports/payment-gateway.port';
import type { PaymentGateways } from '../ports/payment-gateways.port';
import type {
  CallbackRecord,
  CallbackResult,
  CallbackSource,
  LockedTransactionUnit,
  TransactionStore,
} from '../ports/transaction-store.port';
import { type AuditEntryInput } from '../domain/ops/audit-chain';
import {
  type CallbackRejection,
  type CallbackRejectionError,
  rejectionError,
} from './callback-rejections';
import { err, ok, type Result } from './result';

export { type CallbackRejectionError, rejectionError } from './callback-rejections';

export interface ApplyPaymentCallbackInput {
  /** The callback exactly as received; the gateway adapter reads and verifies it. */
  request: GatewayCallbackRequest;
  source: CallbackSource;
  /** The gateway the callback's path names; null on the old path without a name (see route). */
  gateway: string | null;
}

export type ApplyPaymentCallbackValue = {
  /** applied: moved the payment; duplicate: it already had this outcome; ignored: no final word. */
  result: Exclude<CallbackResult, 'rejected'>;
  status: TransactionStatus;
  transactionId: string;
};

export type ApplyPaymentCallbackResult = Result<ApplyPaymentCallbackValue, CallbackRejectionError>;

/**
 * An operator asking the gateway now: the message is recorded as theirs, and whatever it comes
 * to is audited in the same database transaction, the payment's row locked.
 */
export interface OperatorAsk {
  operatorId: string;
  audit(result: ApplyPaymentCallbackResult): AuditEntryInput;
}

/** The gateways that existed before callback paths named theirs, in the order tried. */
const LEGACY_CALLBACK_GATEWAYS = ['sandbox', 'billplz'] as const;

/** Long enough for any honest body (a Billplz callback is about 400 bytes), short enough to keep the audit table small. */
const MAX_RECORDED_PAYLOAD = 2000;

/**
 * Applies a gateway's outcome to a payment, exactly once. The adapter checks shape, signature
 * (before any lookup, so unsigned callers learn nothing) and freshness; an adapter of a gateway
 * that signs nothing asks the gateway instead, and only about a payment our books hold (so a
 * forged callback costs no call out), answering `unavailable` (PAYMENT_GATEWAY_UNAVAILABLE, with
 * Retry-After) when the gateway cannot be asked. Then, with the row locked, this checks
 * existence, amount and the forward-only state machine. Every message is recorded with its
 * result, rejected ones included. Resolves after the commit.
 */
export class ApplyPaymentCallbackUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
  ) {}

  async execute(input: ApplyPaymentCallbackInput): Promise<ApplyPaymentCallbackResult> {
    if (input.gateway === null) return this.executeUnnamed(input);
    const gateway = this.gateways.byName(input.gateway);
    if (!gateway) {
      return rejectionError('not_supported', `No gateway named ${input.gateway} is configured`);
    }
    const message = await gateway.verifyCallback(input.request, this.isPaymentOf(gateway.name));
    return this.apply(message, input.source, gateway.name);
  }

  /**
   * The callback path without a gateway's name, kept for payments made before paths named it
   * (the sandbox's and Billplz's, the only gateways then): the first of those configured that
   * reads the message as its own (anything but malformed) verifies it.
   */
  private async executeUnnamed(
    input: ApplyPaymentCallbackInput,
  ): Promise<ApplyPaymentCallbackResult> {
    let last: { message: GatewayMessage; name: string } | null = null;
    for (const name of LEGACY_CALLBACK_GATEWAYS) {
      const gateway = this.gateways.byName(name);
      if (!gateway) continue;
      const message = await gateway.verifyCallback(input.request, this.isPaymentOf(name));
      last = { message, name };
      const verdict = last.message.verdict;
      if (verdict.ok || verdict.error.kind !== 'malformed') break;
    }
    if (last === null) {
      return rejectionError('not_supported', 'This callback path serves no configured gateway');
    }
    return this.apply(last.message, input.source, last.name);
  }

  /** Whether a payment of ours through the gateway `name` carries the gateway's id `ref`. */
  private isPaymentOf(name: string): OurPaymentCheck {
    return async (ref) => {
      const transactionId = await this.store.findTransactionIdByGatewayRef(ref);
      if (transactionId === null) return false;
      return (await this.store.findById(transactionId))?.gateway === name;
    };
  }

  /**
   * Applies a message the gateway adapter has read (a callback, or a status answer during
   * reconciliation). With `expectedTransactionId`, a message about any other payment is refused.
   */
  async apply(
    message: GatewayMessage,
    source: CallbackSource,
    gatewayName: string,
    expectedTransactionId?: string,
    asked?: OperatorAsk & { transactionId: string },
  ): Promise<ApplyPaymentCallbackResult> {
    const receivedAt = new Date(this.clock.now());
    const record = recorder(source, message.payload, receivedAt, asked?.operatorId ?? null);
    const reject = async (refusal: Refusal): Promise<ApplyPaymentCallbackResult> => {
      const { kind, text, transactionId } = refusal;
      const entry = record(transactionId, 'rejected', `${kind}: ${text}`);
      if (asked === undefined) {
        await this.store.recordCallback(entry);
        return rejectionError(kind, text);
      }
      return this.store.withLockedTransaction(asked.transactionId, async (_current, unit) => {
        await unit.recordCallback(entry);
        return audited(unit, asked, rejectionError(kind, text));
      });
    };

    if (!message.verdict.ok) {
      const { kind, message: text, transactionId } = message.verdict.error;
      return reject({ kind, text, transactionId: transactionId ?? expectedTransactionId ?? null });
    }
    const outcome = message.verdict.value;
    const located = await this.locate(outcome, expectedTransactionId);
    if (!located.ok) return reject(located.error);
    const facts: LockedFacts = { ...located.value, record, receivedAt, outcome, gatewayName };
    return this.store.withLockedTransaction(facts.transactionId, async (current, unit) =>
      audited(unit, asked, await decideLocked(current, unit, facts)),
    );
  }

  /**
   * The payment a final word is about, found by the gateway's id or ours (which must agree), and
   * the amount it states; refused when it names none, another than expected, or no amount.
   */
  private async locate(
    outcome: GatewayOutcome,
    expectedTransactionId: string | undefined,
  ): Promise<Result<{ transactionId: string; amountSen: Sen }, Refusal>> {
    const refusal = (kind: CallbackRejection, text: string, transactionId: string | null) =>
      err<Refusal>({ kind, text, transactionId });
    // Gateways that keep their own payment (a bill) name it by their id; ours is found by it.
    const byRef =
      outcome.gatewayRef === null
        ? null
        : await this.store.findTransactionIdByGatewayRef(outcome.gatewayRef);
    if (byRef !== null && outcome.transactionId !== null && byRef !== outcome.transactionId) {
      return refusal('malformed', 'The message names two different payments', byRef);
    }
    const transactionId = byRef ?? outcome.transactionId;
    if (transactionId === null) {
      return refusal('unknown_transaction', 'Unknown transaction', expectedTransactionId ?? null);
    }
    if (expectedTransactionId !== undefined && transactionId !== expectedTransactionId) {
      return refusal('malformed', 'The answer is about another payment', expectedTransactionId);
    }
    if (outcome.amountSen === null) {
      return refusal('malformed', 'The message states no amount', transactionId);
    }
    return ok({ transactionId, amountSen: outcome.amountSen });
  }
}

/** A refusal before the row is locked: its kind, its words, and the payment it is recorded on. */
interface Refusal {
  kind: CallbackRejection;
  text: string;
  transactionId: string | null;
}

type RecordOf = (
  transactionId: string | null,
  result: CallbackResult,
  reason: string | null,
) => CallbackRecord;

/** An operator's ask audited in the unit its message was recorded in. */
async function audited(
  unit: LockedTransactionUnit,
  asked: OperatorAsk | undefined,
  result: ApplyPaymentCallbackResult,
): Promise<ApplyPaymentCallbackResult> {
  if (asked !== undefined) await unit.appendAudit(asked.audit(result));
  return result;
}

/** The audit record of a message, its payload cut to MAX_RECORDED_PAYLOAD. */
function recorder(
  source: CallbackSource,
  received: string,
  receivedAt: Date,
  operatorId: string | null,
): RecordOf {
  const payload =
    received.length > MAX_RECORDED_PAYLOAD
      ? `${truncateWhole(received, MAX_RECORDED_PAYLOAD)}…`
      : received;
  return (transactionId, result, reason) => ({
    source,
    transactionId,
    payload,
    result,
    reason,
    receivedAt,
    ...(operatorId === null ? {} : { operatorId }),
  });
}

/** What a final word says and how it is recorded, its payment found and its amount stated. */
interface LockedFacts {
  record: RecordOf;
  receivedAt: Date;
  transactionId: string;
  amountSen: Sen;
  outcome: GatewayOutcome;
  gatewayName: string;
}

/**
 * With the payment's row locked: its own gateway, its amount and the forward-only state machine
 * decide whether the outcome is applied, a duplicate, not final yet, or refused; every message
 * is recorded in the same unit.
 */
async function decideLocked(
  current: Transaction | null,
  unit: LockedTransactionUnit,
  facts: LockedFacts,
): Promise<ApplyPaymentCallbackResult> {
  const { record, receivedAt, transactionId, amountSen, outcome, gatewayName } = facts;
  const refuse = async (kind: CallbackRejection, text: string) => {
    await unit.recordCallback(record(transactionId, 'rejected', `${kind}: ${text}`));
    return rejectionError(kind, text);
  };
  if (!current) return refuse('unknown_transaction', 'Unknown transaction');
  // Only the payment's own gateway speaks for it: another one's word is not evidence.
  if (current.gateway !== gatewayName) {
    return refuse('malformed', `The payment was made through ${current.gateway}`);
  }
  if (current.amountSen !== amountSen) {
    return refuse('amount_mismatch', 'Amount does not match the transaction');
  }
  if (outcome.status === 'pending') {
    const reason = `not_final: ${outcome.note ?? 'the gateway reports no outcome yet'}`;
    await unit.recordCallback(record(transactionId, 'ignored', reason));
    return ok({ result: 'ignored', status: current.status, transactionId });
  }
  const decision = decideOutcome(current.status, outcome.status);
  if (decision.kind === 'contradiction') {
    return refuse('contradiction', `Transaction is already ${decision.current}`);
  }
  if (decision.kind === 'apply') {
    // The row is locked, so this conditional update cannot lose a race; the WHERE clause is
    // the second line of defence should the lock ever be dropped.
    const changed = await unit.finalise(decision.to, receivedAt);
    if (!changed) throw new Error(`transaction ${transactionId} changed under lock`);
    await unit.recordCallback(record(transactionId, 'applied', null));
    return ok({ result: 'applied', status: decision.to, transactionId });
  }
  await unit.recordCallback(record(transactionId, 'duplicate', null));
  return ok({ result: 'duplicate', status: outcome.status, transactionId });
}

/** The first `max` UTF-16 units, one fewer if the cut would split a surrogate pair. */
function truncateWhole(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
