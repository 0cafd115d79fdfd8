import { type AuditQuery } from '../../../src/contract/ops-api';
import { type AuditCheckpoint, type AuditEntry, ChainVerifier } from '../../domain/ops/audit-chain';
import {
  firstBrokenCheckpoint,
  type VerifiedChain,
  witnessVerdict,
  type WitnessVerdict,
} from '../../domain/ops/audit-checkpoints';
import { keyChainOf } from '../../domain/ops/audit-keys';
import { isInstantInRange } from '../../domain/instant-range';
import { type AuditLog } from '../../ports/audit-log.port';
import { type AuditSigner } from '../../ports/audit-signer.port';
import { type AuditWitness } from '../../ports/audit-witness.port';
import { type Clock } from '../../ports/clock.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';
import {
  CHECKPOINT_ACTION,
  maySignAfter,
  retiredKey,
  rotateKey,
  signedCheckpoint,
} from './audit-key-rotation';
import { AuditTargets, type TargetLabels } from './audit-targets';

const PAGE_SIZE = 50;
const VERIFY_BATCH = 1000;

/** The count an `audit.checkpoint` entry names; null for any other entry. */
function namedCheckpoint(entry: AuditEntry): number | null {
  if (entry.action !== CHECKPOINT_ACTION || entry.targetId === null) return null;
  const entries = Number(entry.targetId);
  return Number.isSafeInteger(entries) && entries >= 0 ? entries : null;
}

/** Where the chain breaks, if anywhere, and whether each checkpoint's signature holds. */
export interface ChainReport {
  verified: boolean;
  entries: number;
  /** The first entry that does not verify, when one does not. */
  firstBadSeq: number | null;
  /** The first checkpoint whose signature or hash does not match the chain. */
  firstBadCheckpoint: number | null;
  /** A count an `audit.checkpoint` entry names that no checkpoint in the database has. */
  missingCheckpoint: number | null;
  /** The oldest entry no checkpoint covers, when it has gone uncovered for two intervals. */
  uncoveredSince: { seq: number; at: Date } | null;
  /** The database against the checkpoint held outside it, when one was given. */
  witness: { checkpoint: AuditCheckpoint; verdict: WitnessVerdict } | null;
  checkpoints: number;
  lastCheckpoint: AuditCheckpoint | null;
}

/** A page of the log, newest first, with the whole chain's report. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
  chain: ChainReport;
  /** The entries' targets by name where there is one (audit-targets.ts). */
  targets: TargetLabels;
}

/** What the export holds, in order: the key to verify with, every entry, every checkpoint. */
export type AuditExportItem =
  | { kind: 'header'; algorithm: string; keyId: string; publicKeyPem: string }
  | { kind: 'entry'; entry: AuditEntry }
  | { kind: 'checkpoint'; checkpoint: AuditCheckpoint };

const parseDate = (text: string | undefined): Date | null | undefined => {
  if (text === undefined) return undefined;
  const date = new Date(text);
  // Years such as -200000 are dates to JavaScript and out of range to the database.
  return isInstantInRange(date) ? date : null;
};

/**
 * The audit log read back: filtered pages, the chain recomputed from the first entry, the signed
 * checkpoints checked against it (and against a witness), a checkpoint written (by the scheduler
 * every few minutes while entries are written, or on demand),
 * and the JSON Lines export a third party verifies with the public key alone.
 */
export class AuditTrailUseCase {
  constructor(
    private readonly log: AuditLog,
    private readonly uow: UnitOfWork,
    private readonly signer: AuditSigner,
    private readonly clock: Clock,
    options: { witness?: AuditWitness; checkpointIntervalMs?: number; targets?: AuditTargets } = {},
  ) {
    this.targets = options.targets ?? new AuditTargets(uow);
    this.witness = options.witness ?? { record: async () => undefined };
    this.checkpointIntervalMs = options.checkpointIntervalMs ?? 0;
  }

  private readonly witness: AuditWitness;
  private readonly targets: AuditTargets;
  /** AUDIT_CHECKPOINT_INTERVAL_S: a tail no checkpoint covers for two of these fails; 0 = off. */
  private readonly checkpointIntervalMs: number;

  async list(query: AuditQuery): Promise<Result<AuditPage, UseCaseError>> {
    const from = parseDate(query.from);
    const to = parseDate(query.to);
    if (from === null) {
      return failWith('VALIDATION_FAILED', { field: 'from', reason: 'audit-from-date' });
    }
    if (to === null) return failWith('VALIDATION_FAILED', { field: 'to', reason: 'audit-to-date' });
    const beforeSeq = query.cursor === undefined ? undefined : Number(query.cursor);
    if (beforeSeq !== undefined && !(Number.isSafeInteger(beforeSeq) && beforeSeq > 0)) {
      return failWith('VALIDATION_FAILED', { field: 'cursor', reason: 'cursor-invalid' });
    }
    const entries = await this.log.list({
      actorId: query.operator,
      action: query.action,
      targetId: query.target,
      from,
      to,
      beforeSeq,
      limit: PAGE_SIZE + 1,
    });
    const page = entries.slice(0, PAGE_SIZE);
    return ok({
      entries: page,
      nextCursor: entries.length > PAGE_SIZE ? String(page[page.length - 1].seq) : null,
      chain: await this.verify(),
      targets: await this.targets.labelsOf(page),
    });
  }

  /**
   * Recomputes the whole chain and checks every checkpoint against it and against the one before
   * it; with a checkpoint held outside the database (a witness), checks the database against it.
   */
  async verify(
    options: { witness?: AuditCheckpoint; trustedKeys?: readonly string[] } = {},
  ): Promise<ChainReport> {
    const checkpoints = await this.log.checkpoints();
    const lastCheckpoint = checkpoints[checkpoints.length - 1] ?? null;
    const walk = await this.walk(lastCheckpoint);
    // This server's key, and any older or newer ones its operator vouches for (verify-audit --key).
    const trusted = [this.signer.publicKey, ...(options.trustedKeys ?? [])];
    const keys = keyChainOf(checkpoints, trusted, (key, message, signature) =>
      this.signer.verifyWith(key, message, signature),
    );
    const broken =
      firstBrokenCheckpoint(checkpoints, walk.chain, keys.signed) ?? keys.firstUnanchored;
    const held = new Set(checkpoints.map((checkpoint) => checkpoint.entries));
    const missingCheckpoint = walk.namedCheckpoints.find((entries) => !held.has(entries)) ?? null;
    const { firstUncovered } = walk;
    const stale =
      firstUncovered !== null &&
      this.checkpointIntervalMs > 0 &&
      this.clock.now() - firstUncovered.at.getTime() > 2 * this.checkpointIntervalMs;
    const witness =
      options.witness === undefined
        ? null
        : {
            checkpoint: options.witness,
            verdict: witnessVerdict(
              options.witness,
              walk.chain,
              checkpoints,
              keys.signedByChainKey,
            ),
          };
    return {
      verified:
        walk.chain.intact &&
        broken === undefined &&
        missingCheckpoint === null &&
        !stale &&
        (witness === null || witness.verdict === 'matches'),
      entries: walk.chain.entries,
      firstBadSeq: walk.firstBadSeq,
      firstBadCheckpoint: broken?.entries ?? null,
      missingCheckpoint,
      uncoveredSince: stale ? firstUncovered : null,
      witness,
      checkpoints: checkpoints.length,
      lastCheckpoint,
    };
  }

  /**
   * Walks the chain from its first entry: how far it verifies, the counts its `audit.checkpoint`
   * entries name, and the oldest entry after `last` (its own checkpoint entry aside).
   */
  private async walk(last: AuditCheckpoint | null) {
    const verifier = new ChainVerifier();
    const heads = new Map<number, string>([[0, verifier.head.hash]]);
    const namedCheckpoints: number[] = [];
    let firstUncovered: { seq: number; at: Date } | null = null;
    const covered = last?.entries ?? 0;
    for (let after = 0; ;) {
      const batch = await this.log.page(after, VERIFY_BATCH);
      for (const entry of batch) {
        if (!verifier.next(entry)) break;
        heads.set(entry.seq, entry.hash);
        const named = namedCheckpoint(entry);
        if (named !== null) namedCheckpoints.push(named);
        const ownEntry = entry.seq === covered + 1 && named === covered && last !== null;
        if (firstUncovered === null && entry.seq > covered && !ownEntry) {
          firstUncovered = { seq: entry.seq, at: entry.at };
        }
      }
      if (batch.length < VERIFY_BATCH || verifier.firstBadSeq !== null) break;
      after = batch[batch.length - 1].seq;
    }
    const chain: VerifiedChain = {
      entries: verifier.head.entries,
      heads,
      intact: verifier.firstBadSeq === null,
    };
    return { chain, firstBadSeq: verifier.firstBadSeq, namedCheckpoints, firstUncovered };
  }

  /** Signs the chain's head now; the checkpoint is recorded in the log and by the witness too. */
  async checkpoint(actor: Actor): Promise<AuditCheckpoint> {
    const checkpoint = await this.signHead(actor, false);
    if (checkpoint === null) throw new Error('a checkpoint was not signed');
    return checkpoint;
  }

  /** As checkpoint, when entries were written since the last one (the scheduler's run). */
  checkpointIfNew(actor: Actor): Promise<AuditCheckpoint | null> {
    return this.signHead(actor, true);
  }

  /**
   * Under the chain's lock (so no entry and no other checkpoint comes between): the head, the
   * checkpoint before it, the new one naming it; then, once committed, the witness's copy. A key
   * the log was handed away from (rotateKey), or never handed to, signs nothing.
   */
  private async signHead(actor: Actor, onlyIfNew: boolean): Promise<AuditCheckpoint | null> {
    const now = new Date(this.clock.now());
    const checkpoint = await this.uow.run(async ({ audit }) => {
      const head = await audit.lockHead();
      const previous = await audit.lastCheckpoint();
      // A checkpoint's own entry (the one after it) is no news.
      const entries = head?.seq ?? 0;
      if (onlyIfNew && entries <= (previous === null ? 0 : previous.entries + 1)) return null;
      // Fails the run (the job's failure line says why) rather than break the key chain.
      if (!maySignAfter(this.signer, previous)) throw new Error(retiredKey(this.signer, previous));
      const signed = signedCheckpoint(this.signer, head, previous, now);
      await audit.saveCheckpoint(signed);
      await audit.append(
        entryOf(actor, now, {
          action: CHECKPOINT_ACTION,
          targetType: 'audit',
          targetId: String(entries),
        }),
      );
      return signed;
    });
    if (checkpoint !== null) await this.witness.record(checkpoint);
    return checkpoint;
  }

  /**
   * Hands the log to the next key (audit-key-rotation.ts), audited; the witness keeps both
   * checkpoints. Refused when this key was itself handed away from, or is the next one.
   */
  async rotateKey(actor: Actor, next: AuditSigner): Promise<AuditCheckpoint[] | string> {
    const now = new Date(this.clock.now());
    const rotated = await rotateKey(this.uow, this.signer, next, actor, now);
    if (typeof rotated === 'string') return rotated;
    for (const checkpoint of rotated) await this.witness.record(checkpoint);
    return rotated;
  }

  /**
   * The whole log for a third party to verify with the public key alone: the key, each entry
   * with its hashes, then each checkpoint; the export itself is audited first.
   */
  async *exportItems(actor: Actor): AsyncGenerator<AuditExportItem> {
    const now = new Date(this.clock.now());
    await this.uow.run(({ audit }) =>
      audit.append(
        entryOf(actor, now, { action: 'audit.export', targetType: 'audit', targetId: null }),
      ),
    );
    yield {
      kind: 'header',
      algorithm: 'sha256-chain+ed25519',
      keyId: this.signer.keyId,
      publicKeyPem: this.signer.publicKeyPem,
    };
    for (let after = 0; ;) {
      const batch = await this.log.page(after, VERIFY_BATCH);
      for (const entry of batch) yield { kind: 'entry', entry };
      if (batch.length < VERIFY_BATCH) break;
      after = batch[batch.length - 1].seq;
    }
    for (const checkpoint of await this.log.checkpoints()) yield { kind: 'checkpoint', checkpoint };
  }
}
