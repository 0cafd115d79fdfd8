import { type AuditCheckpoint, checkpointHash } from './audit-chain';

/**
 * Whether the checkpoint's signature holds over what it claims, its link included, under the key
 * the key chain (audit-keys.ts) expects of it.
 */
export type CheckpointSigned = (checkpoint: AuditCheckpoint) => boolean;

/** The chain as far as it verifies: its length, and the head hash after each count. */
export interface VerifiedChain {
  entries: number;
  /** Every prefix's head hash by its length (0: the genesis hash); stops where the chain breaks. */
  heads: ReadonlyMap<number, string>;
  intact: boolean;
}

/**
 * The first checkpoint (oldest first) that does not hold: a signature that does not verify, a head
 * hash that is not the chain's at its count, a count beyond an intact chain's end (its tail cut),
 * or a broken link: a checkpoint naming no predecessor after one that did, or naming one that is
 * not the checkpoint before it (one deleted or altered between them, or before the first).
 */
export function firstBrokenCheckpoint(
  checkpoints: readonly AuditCheckpoint[],
  chain: VerifiedChain,
  signed: CheckpointSigned,
): AuditCheckpoint | undefined {
  let linked = false;
  return checkpoints.find((checkpoint, index) => {
    const previous = index === 0 ? undefined : checkpoints[index - 1];
    const named = checkpoint.previousHash;
    const linkHolds =
      named === undefined ? !linked : previous !== undefined && named === checkpointHash(previous);
    linked ||= named !== undefined;
    return (
      !linkHolds ||
      !signed(checkpoint) ||
      (chain.heads.has(checkpoint.entries) &&
        chain.heads.get(checkpoint.entries) !== checkpoint.headHash) ||
      (chain.intact && checkpoint.entries > chain.entries)
    );
  });
}

/** How the database stands against a checkpoint held outside it. */
export type WitnessVerdict =
  /** The chain holds that checkpoint's head at its count, and the checkpoint is in the database. */
  | 'matches'
  /** Its signature does not verify with a key of the chain: not a checkpoint this server signed. */
  | 'unsigned'
  /** The database's chain (as far as it verifies) ends before it: its tail was cut. */
  | 'ahead'
  /** The chain's head at its count is another: the history was rewritten. */
  | 'differs'
  /** The chain matches, but the checkpoint itself was deleted from the database. */
  | 'missing';

export function witnessVerdict(
  witness: AuditCheckpoint,
  chain: VerifiedChain,
  checkpoints: readonly AuditCheckpoint[],
  signed: CheckpointSigned,
): WitnessVerdict {
  if (!signed(witness)) return 'unsigned';
  const head = chain.heads.get(witness.entries);
  if (head === undefined) return 'ahead';
  if (head !== witness.headHash) return 'differs';
  const held = checkpoints.some(
    (checkpoint) =>
      checkpoint.entries === witness.entries && checkpoint.signature === witness.signature,
  );
  return held ? 'matches' : 'missing';
}

/** A checkpoint as a record outside the database (a witness file, a log line, an export line). */
export interface CheckpointRecord {
  kind: 'checkpoint';
  entries: number;
  head_hash: string;
  signed_at: string;
  key_id: string;
  signature: string;
  previous_hash?: string;
  /** A rotation only (AuditCheckpoint's nextKey and publicKey). */
  next_key?: string;
  public_key?: string;
}

export function checkpointRecord(checkpoint: AuditCheckpoint): CheckpointRecord {
  return {
    kind: 'checkpoint',
    entries: checkpoint.entries,
    head_hash: checkpoint.headHash,
    signed_at: checkpoint.signedAt.toISOString(),
    key_id: checkpoint.keyId,
    signature: checkpoint.signature,
    ...(checkpoint.previousHash === undefined ? {} : { previous_hash: checkpoint.previousHash }),
    ...(checkpoint.nextKey === undefined ? {} : { next_key: checkpoint.nextKey }),
    ...(checkpoint.publicKey === undefined ? {} : { public_key: checkpoint.publicKey }),
  };
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** A record back as a checkpoint; null when it is not one (its signature is checked elsewhere). */
export function checkpointFromRecord(value: unknown): AuditCheckpoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<Record<keyof CheckpointRecord, unknown>>;
  const { entries, head_hash, signed_at, key_id, signature, previous_hash } = record;
  const { next_key, public_key } = record;
  const optionalText = (value: unknown) => value === undefined || typeof value === 'string';
  const signedAt = new Date(typeof signed_at === 'string' ? signed_at : Number.NaN);
  const valid =
    record.kind === 'checkpoint' &&
    typeof entries === 'number' &&
    Number.isSafeInteger(entries) &&
    entries >= 0 &&
    typeof head_hash === 'string' &&
    HEX_64.test(head_hash) &&
    !Number.isNaN(signedAt.getTime()) &&
    typeof key_id === 'string' &&
    typeof signature === 'string' &&
    (previous_hash === undefined ||
      (typeof previous_hash === 'string' && HEX_64.test(previous_hash))) &&
    optionalText(next_key) &&
    optionalText(public_key);
  if (!valid) return null;
  return {
    entries,
    headHash: head_hash,
    signedAt,
    keyId: key_id,
    signature,
    ...(previous_hash === undefined ? {} : { previousHash: previous_hash as string }),
    ...(next_key === undefined ? {} : { nextKey: next_key as string }),
    ...(public_key === undefined ? {} : { publicKey: public_key as string }),
  };
}

/** The checkpoint that covers the most entries among those given; null when there is none. */
export const latestCheckpoint = (checkpoints: readonly AuditCheckpoint[]): AuditCheckpoint | null =>
  checkpoints.reduce<AuditCheckpoint | null>(
    (latest, each) => (latest === null || each.entries > latest.entries ? each : latest),
    null,
  );
