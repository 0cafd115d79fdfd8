import {
  type AuditCheckpoint,
  checkpointHash,
  GENESIS_HASH,
  signedMessageOf,
} from '../../domain/ops/audit-chain';
import { keyIdOf } from '../../domain/ops/audit-keys';
import { type AuditSigner } from '../../ports/audit-signer.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { type Actor, entryOf } from './actor';

export const CHECKPOINT_ACTION = 'audit.checkpoint';
export const KEY_ROTATED_ACTION = 'audit.key-rotated';

/**
 * Whether `signer` may sign the checkpoint after `previous`: when it signed that one, or that one
 * hands the log over to it. A key the log was handed away from (an instance not yet restarted
 * with the new AUDIT_SIGNING_KEY after a rotation) signs no more: its signature would break the
 * key chain.
 */
export function maySignAfter(signer: AuditSigner, previous: AuditCheckpoint | null): boolean {
  if (previous === null || previous.keyId === signer.keyId) return true;
  return previous.nextKey !== undefined && keyIdOf(previous.nextKey) === signer.keyId;
}

/** Why `signer` may not sign after `previous`: key ids only, which are public fingerprints. */
export const retiredKey = (signer: AuditSigner, previous: AuditCheckpoint | null): string =>
  `audit checkpoint not signed: the log is signed by ${previous?.keyId ?? 'another key'}, not by ` +
  `this instance's key ${signer.keyId}; set AUDIT_SIGNING_KEY to the key of the latest rotation ` +
  '(rotate-audit-key) and restart';

/** A checkpoint of the head, signed by `signer`, naming the one before it (and a next key). */
export function signedCheckpoint(
  signer: AuditSigner,
  head: { seq: number; hash: string } | null,
  previous: AuditCheckpoint | null,
  at: Date,
  rotation?: { nextKey: string },
): AuditCheckpoint {
  const unsigned: AuditCheckpoint = {
    entries: head?.seq ?? 0,
    headHash: head?.hash ?? GENESIS_HASH,
    signedAt: at,
    keyId: signer.keyId,
    signature: '',
    ...(previous === null ? {} : { previousHash: checkpointHash(previous) }),
    ...(rotation === undefined ? {} : { nextKey: rotation.nextKey, publicKey: signer.publicKey }),
  };
  return { ...unsigned, signature: signer.sign(signedMessageOf(unsigned)) };
}

/**
 * Under the chain's lock, in one transaction: the rotation's own entry; a checkpoint signed by
 * the current key that introduces the next one (and carries the current public key, so the past
 * stays verifiable once the current key is gone); then the next key's first checkpoint. From
 * then on only the next key signs. Each checkpoint gets its `audit.checkpoint` entry, as any.
 */
export async function rotateKey(
  uow: UnitOfWork,
  current: AuditSigner,
  next: AuditSigner,
  actor: Actor,
  now: Date,
): Promise<AuditCheckpoint[] | 'retired' | 'same key'> {
  if (next.keyId === current.keyId) return 'same key';
  return uow.run(async ({ audit }) => {
    await audit.lockHead();
    const last = await audit.lastCheckpoint();
    if (!maySignAfter(current, last)) return 'retired';
    await audit.append(
      entryOf(actor, now, {
        action: KEY_ROTATED_ACTION,
        targetType: 'audit',
        targetId: next.keyId,
        changes: { key_id: { before: current.keyId, after: next.keyId } },
      }),
    );
    const saved = async (checkpoint: AuditCheckpoint) => {
      await audit.saveCheckpoint(checkpoint);
      await audit.append(
        entryOf(actor, now, {
          action: CHECKPOINT_ACTION,
          targetType: 'audit',
          targetId: String(checkpoint.entries),
        }),
      );
      return checkpoint;
    };
    const handOver = await saved(
      signedCheckpoint(current, await audit.head(), last, now, { nextKey: next.publicKey }),
    );
    return [handOver, await saved(signedCheckpoint(next, await audit.head(), handOver, now))];
  });
}
