import { HISTORY_CURSOR_MAX_LENGTH } from '../../src/contract/payment-history';
import { isInstantInRange } from './instant-range';
import { isTransactionId } from './transaction';

/** Where a page of history ends: the next page starts strictly after this payment. */
export interface HistoryPosition {
  createdAt: Date;
  transactionId: string;
}

/**
 * The history's cursor: where the previous page ended (its last payment's creation time and id),
 * as base64url text the client hands back unread. It reveals nothing the page did not show.
 * Creation times are written by the application clock, to the millisecond, so the millisecond
 * in the cursor is exact.
 */
export function encodeHistoryCursor(position: HistoryPosition): string {
  const json = JSON.stringify([position.createdAt.getTime(), position.transactionId]);
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** The position in a cursor; null for anything this server did not make. */
export function decodeHistoryCursor(cursor: string): HistoryPosition | null {
  if (cursor.length > HISTORY_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [ms, transactionId] = value as unknown[];
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms)) return null;
  const createdAt = new Date(ms);
  if (!isInstantInRange(createdAt) || !isTransactionId(transactionId)) return null;
  return { createdAt, transactionId };
}
