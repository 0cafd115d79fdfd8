import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** What changed, field by field, personal data already masked. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** One audit entry as an action writes it (who, when, from where, what, on what, why). */
export interface AuditEntryInput {
  at: Date;
  /** Null for the command line (actor name `cli`) and for a sign-in by an unknown address. */
  actorId: string | null;
  actorName: string;
  actorRole: string | null;
  address: string | null;
  action: string;
  targetType: 'member' | 'operator' | 'payment' | 'audit' | null;
  targetId: string | null;
  reason: string | null;
  changes: AuditChanges | null;
}

/** An entry as stored: its place in the chain, the hash before it and its own. */
export interface AuditEntry extends AuditEntryInput {
  seq: number;
  prevHash: string;
  hash: string;
}

/** The hash the first entry points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * An entry's fields as they are written out, snake_case, dates as ISO strings in UTC to the ms:
 * what its hash covers, and (with the hash) what the console and the export show.
 */
export function entryFields(entry: Omit<AuditEntry, 'hash'>) {
  return {
    seq: entry.seq,
    at: entry.at.toISOString(),
    actor_id: entry.actorId,
    actor_name: entry.actorName,
    actor_role: entry.actorRole,
    address: entry.address,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    reason: entry.reason,
    changes: entry.changes,
    prev_hash: entry.prevHash,
  };
}

/**
 * The entry's canonical JSON (RFC 8785, through `canonicalize`): the exact bytes its hash covers,
 * the same whichever program writes or verifies it.
 */
export function canonicalEntry(entry: Omit<AuditEntry, 'hash'>): string {
  const text = canonicalize(entryFields(entry));
  if (text === undefined) throw new Error('an audit entry has no canonical form');
  return text;
}

/** SHA-256 (hex) of the previous entry's hash, a newline, and this entry's canonical JSON. */
export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256')
    .update(`${entry.prevHash}\n${canonicalEntry(entry)}`)
    .digest('hex');
}

/** The entry that follows `head` (null: the chain is empty), hashed. */
export function chainEntry(
  head: { seq: number; hash: string } | null,
  input: AuditEntryInput,
): AuditEntry {
  const linked = {
    ...input,
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  return { ...linked, hash: entryHash(linked) };
}

/**
 * Walks entries in order of seq and answers the first that does not verify: a sequence number
 * skipped (an entry deleted), a link to anything but the previous entry's hash (one inserted or
 * reordered), or a hash that is not its content's (one edited).
 */
export class ChainVerifier {
  private expectedSeq = 1;
  private prevHash = GENESIS_HASH;
  firstBadSeq: number | null = null;

  /** Feeds the next entry; false once the chain has broken. */
  next(entry: AuditEntry): boolean {
    if (this.firstBadSeq !== null) return false;
    const intact =
      entry.seq === this.expectedSeq &&
      entry.prevHash === this.prevHash &&
      entry.hash === entryHash(entry);
    if (!intact) {
      this.firstBadSeq = Math.min(entry.seq, this.expectedSeq);
      return false;
    }
    this.expectedSeq += 1;
    this.prevHash = entry.hash;
    return true;
  }

  /** How many entries verified, and the hash of the last of them. */
  get head(): { entries: number; hash: string } {
    return { entries: this.expectedSeq - 1, hash: this.prevHash };
  }
}

/**
 * The bytes a checkpoint signs: the number of entries (the head's sequence number) and the head
 * hash at that moment, then the hash of the checkpoint before it (checkpointHash), so the
 * checkpoints form a chain of their own. The first checkpoint names none; nor did those signed
 * before checkpoints were chained, which still verify as they were signed. A checkpoint that
 * hands the log to a new signing key (a rotation) signs that key too, with the key it replaces.
 */
export const checkpointMessage = (
  entries: number,
  headHash: string,
  previousHash: string | null = null,
  nextKey: string | null = null,
): string =>
  `member-portal-audit-checkpoint\n${entries}\n${headHash}` +
  (previousHash === null ? '' : `\n${previousHash}`) +
  (nextKey === null ? '' : `\nnext-key:${nextKey}`);

export interface AuditCheckpoint {
  entries: number;
  headHash: string;
  signedAt: Date;
  keyId: string;
  /** Ed25519 over checkpointMessage, base64. */
  signature: string;
  /** checkpointHash of the checkpoint before this one; absent on the first (and older ones). */
  previousHash?: string;
  /** A rotation only: the key taking over (SPKI DER, base64), signed with the one it replaces. */
  nextKey?: string;
  /** A rotation only: the public key that signed this checkpoint (SPKI DER, base64), for later. */
  publicKey?: string;
}

/** The message a checkpoint's signature covers. */
export const signedMessageOf = (checkpoint: AuditCheckpoint): string =>
  checkpointMessage(
    checkpoint.entries,
    checkpoint.headHash,
    checkpoint.previousHash ?? null,
    checkpoint.nextKey ?? null,
  );

/** What the next checkpoint names: SHA-256 (hex) of this one's signed message and signature. */
export function checkpointHash(checkpoint: AuditCheckpoint): string {
  return createHash('sha256')
    .update(`${signedMessageOf(checkpoint)}\n${checkpoint.signature}`)
    .digest('hex');
}
