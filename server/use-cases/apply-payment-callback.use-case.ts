import { CANONICAL_AMOUNT_PATTERN, formatSen } from '../../src/contract/money';
import { decideOutcome, isFinalStatus, isTransactionId } from '../domain/transaction';
import type { FinalStatus } from '../domain/transaction';
import { gatewayOutcomeCanonical, isTimestampFresh } from '../../src/contract/sandbox-gateway';
import type { Clock } from '../ports/clock.port';
import type { PaymentSigner } from '../ports/payment-signer.port';
import type {
  CallbackRecord,
  CallbackResult,
  CallbackSource,
  TransactionStore,
} from '../ports/transaction-store.port';

export interface ApplyPaymentCallbackInput {
  /** The parsed JSON body exactly as received. */
  body: unknown;
  source: CallbackSource;
}

export type ApplyPaymentCallbackValue = {
  /** applied: this message moved the payment; duplicate: it already had this outcome. */
  result: Exclude<CallbackResult, 'rejected'>;
  status: FinalStatus;
};

export type CallbackRejection =
  | 'malformed'
  | 'bad_signature'
  | 'stale'
  | 'unknown_transaction'
  | 'amount_mismatch'
  | 'contradiction';

export type ApplyPaymentCallbackResult =
  | { ok: true; value: ApplyPaymentCallbackValue }
  | { ok: false; error: { kind: CallbackRejection; message: string } };

interface ValidMessage {
  transactionId: string;
  status: FinalStatus;
  amount: string;
  timestamp: number;
  signature: string;
}

/** Long enough for any honest body (about 200 bytes), short enough to keep the audit table small. */
const MAX_RECORDED_PAYLOAD = 2000;
const FIELDS = ['transactionId', 'status', 'amount', 'timestamp', 'signature'];

/**
 * Applies a gateway's signed outcome to a payment, exactly once. Checks, in order: shape,
 * signature (before any lookup, so unsigned callers learn nothing), freshness, then — with the
 * row locked — existence, amount and the forward-only state machine. Every message is recorded
 * with its result, rejected ones included. Resolves after the commit.
 */
export class ApplyPaymentCallbackUseCase {
  constructor(
    private readonly store: TransactionStore,
    private readonly signer: PaymentSigner,
    private readonly clock: Clock,
  ) {}

  async execute(input: ApplyPaymentCallbackInput): Promise<ApplyPaymentCallbackResult> {
    const receivedAt = this.clock.now();
    const payload = serialise(input.body);
    const record = (
      transactionId: string | null,
      result: CallbackResult,
      reason: string | null,
    ): CallbackRecord => ({
      source: input.source,
      transactionId,
      payload,
      result,
      reason,
      receivedAt,
    });
    const reject = async (
      kind: CallbackRejection,
      message: string,
      transactionId: string | null,
    ): Promise<ApplyPaymentCallbackResult> => {
      await this.store.recordCallback(record(transactionId, 'rejected', `${kind}: ${message}`));
      return { ok: false, error: { kind, message } };
    };

    const parsed = parseMessage(input.body);
    if (!parsed.ok) return reject('malformed', parsed.error, parsed.transactionId);
    const message = parsed.value;

    const canonical = gatewayOutcomeCanonical(message);
    if (!this.signer.verify(canonical, message.signature)) {
      return reject('bad_signature', 'Invalid signature', message.transactionId);
    }
    if (!isTimestampFresh(message.timestamp, receivedAt)) {
      return reject('stale', 'Stale timestamp', message.transactionId);
    }

    return this.store.withLockedTransaction(message.transactionId, async (current, unit) => {
      const refuse = async (
        kind: CallbackRejection,
        text: string,
      ): Promise<ApplyPaymentCallbackResult> => {
        await unit.recordCallback(record(message.transactionId, 'rejected', `${kind}: ${text}`));
        return { ok: false, error: { kind, message: text } };
      };
      if (!current) return refuse('unknown_transaction', 'Unknown transaction');
      if (formatSen(current.amountSen) !== message.amount) {
        return refuse('amount_mismatch', 'Amount does not match the transaction');
      }
      const decision = decideOutcome(current.status, message.status);
      if (decision.kind === 'contradiction') {
        return refuse('contradiction', `Transaction is already ${decision.current}`);
      }
      if (decision.kind === 'apply') {
        // The row is locked, so this conditional update cannot lose a race; the WHERE clause is
        // the second line of defence should the lock ever be dropped.
        const changed = await unit.finalise(decision.to, receivedAt);
        if (!changed) throw new Error(`transaction ${message.transactionId} changed under lock`);
        await unit.recordCallback(record(message.transactionId, 'applied', null));
        return { ok: true, value: { result: 'applied', status: decision.to } };
      }
      await unit.recordCallback(record(message.transactionId, 'duplicate', null));
      return { ok: true, value: { result: 'duplicate', status: message.status } };
    });
  }
}

type ParseResult =
  { ok: true; value: ValidMessage } | { ok: false; error: string; transactionId: string | null };

function parseMessage(body: unknown): ParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'Body must be a JSON object', transactionId: null };
  }
  const fields = body as Record<string, unknown>;
  const transactionId = isTransactionId(fields.transactionId) ? fields.transactionId : null;
  const fail = (error: string): ParseResult => ({ ok: false, error, transactionId });
  const unknown = Object.keys(fields).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) return fail(`Unknown field: ${unknown}`);
  if (transactionId === null) return fail('Invalid transactionId');
  if (!isFinalStatus(fields.status)) return fail('Invalid status');
  if (typeof fields.amount !== 'string' || !CANONICAL_AMOUNT_PATTERN.test(fields.amount)) {
    return fail('Invalid amount');
  }
  const timestamp = fields.timestamp;
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) {
    return fail('Invalid timestamp');
  }
  if (typeof fields.signature !== 'string') return fail('Invalid signature');
  return {
    ok: true,
    value: {
      transactionId,
      status: fields.status,
      amount: fields.amount,
      timestamp,
      signature: fields.signature,
    },
  };
}

function serialise(body: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(body) ?? String(body);
  } catch {
    text = '[unserialisable]';
  }
  return text.length > MAX_RECORDED_PAYLOAD ? `${text.slice(0, MAX_RECORDED_PAYLOAD)}…` : text;
}
