import { createHash } from 'node:crypto';
import { type AuditCheckpoint, signedMessageOf } from './audit-chain';

/** Checks a signature over a message with one public key (SPKI DER, base64). */
export type VerifyWithKey = (publicKey: string, message: string, signature: string) => boolean;

/** A key's id: a fingerprint of its public key (SPKI DER, base64), as stored beside signatures. */
export const keyIdOf = (publicKey: string): string =>
  `ed25519:${createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16)}`;

/** Which key may sign each checkpoint, as the checkpoints' own rotations say. */
export interface KeyChain {
  /** Whether the checkpoint (one of those walked) holds under the key its place expects. */
  signed(checkpoint: AuditCheckpoint): boolean;
  /** Whether a checkpoint held elsewhere (a witness) is signed by a key of this chain. */
  signedByChainKey(checkpoint: AuditCheckpoint): boolean;
  /**
   * The first checkpoint after the last one a trusted key vouches for, when the newest ones are
   * vouched for by none: their keys may be anyone's. Undefined when the chain is anchored.
   */
  firstUnanchored: AuditCheckpoint | undefined;
}

/**
 * Walks the checkpoints oldest first. The first names the first key; the key may change only to
 * one a checkpoint signed by the current key introduced (its `nextKey`), and once the new key has
 * signed, the old one may sign no more. Public keys come from the trusted keys and from the
 * rotations' checkpoints themselves. The newest checkpoint must be signed by a trusted key, or by
 * one a trusted key introduced: because each checkpoint signs the hash of the one before it (and
 * the entries' head), that one signature vouches for the whole chain and the keys it names.
 */
export function keyChainOf(
  checkpoints: readonly AuditCheckpoint[],
  trusted: readonly string[],
  verifyWith: VerifyWithKey,
): KeyChain {
  const keys = new Map<string, string>(trusted.map((key) => [keyIdOf(key), key]));
  for (const { publicKey, nextKey } of checkpoints) {
    for (const key of [publicKey, nextKey]) {
      if (key !== undefined && !keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
    }
  }
  const signedBy = (checkpoint: AuditCheckpoint, keyId: string): boolean => {
    const key = keys.get(keyId);
    return key !== undefined && verifyWith(key, signedMessageOf(checkpoint), checkpoint.signature);
  };
  const vouched = new Set(trusted.map(keyIdOf));
  const held = new Map<AuditCheckpoint, boolean>();
  const usedKeys = new Set<string>();
  let active: string | undefined;
  let next: string | undefined;
  let lastVouched = -1;
  checkpoints.forEach((checkpoint, index) => {
    let holds = signedBy(checkpoint, checkpoint.keyId);
    if (active === undefined || checkpoint.keyId === next) {
      active = checkpoint.keyId;
      next = undefined;
    } else if (checkpoint.keyId !== active) {
      holds = false;
    }
    if (holds && checkpoint.nextKey !== undefined) {
      next = keyIdOf(checkpoint.nextKey);
      if (vouched.has(checkpoint.keyId)) vouched.add(next);
    }
    if (holds) usedKeys.add(checkpoint.keyId);
    if (vouched.has(checkpoint.keyId)) lastVouched = index;
    held.set(checkpoint, holds);
  });
  const anchored = lastVouched === checkpoints.length - 1;
  return {
    signed: (checkpoint) => held.get(checkpoint) === true,
    signedByChainKey: (checkpoint) =>
      (anchored ? [...usedKeys, ...vouched] : [...vouched]).some(
        (keyId) => keyId === checkpoint.keyId && signedBy(checkpoint, keyId),
      ),
    firstUnanchored: anchored ? undefined : checkpoints[lastVouched + 1],
  };
}
