import { type AuditQuery } from '../../../src/contract/ops-api';
import {
  type AuditCheckpoint,
  type AuditEntry,
  ChainVerifier,
  checkpointMessage,
} from '../../domain/ops/audit-chain';
import { isInstantInRange } from '../../domain/instant-range';
import { type AuditLog } from '../../ports/audit-log.port';
import { type AuditSigner } from '../../ports/audit-signer.port';
import { type Clock } from '../../ports/clock.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

const PAGE_SIZE = 50;
const VERIFY_BATCH = 1000;

/** Where the chain breaks, if anywhere, and whether each checkpoint's signature holds. */
export interface ChainReport {
  verified: boolean;
  entries: number;
  /** The first entry that does not verify, when one does not. */
  firstBadSeq: number | null;
  /** The first checkpoint whose signature or hash does not match the chain. */
  firstBadCheckpoint: number | null;
  lastCheckpoint: AuditCheckpoint | null;
}

/** A page of the log, newest first, with the whole chain's report. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
  chain: ChainReport;
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
 * checkpoints checked against it, a checkpoint written (hourly by the scheduler, or on demand),
 * and the JSON Lines export a third party verifies with the public key alone.
 */
export class AuditTrailUseCase {
  constructor(
    private readonly log: AuditLog,
    private readonly uow: UnitOfWork,
    private readonly signer: AuditSigner,
    private readonly clock: Clock,
  ) {}

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
    });
  }

  /** Recomputes the whole chain and checks every checkpoint against it. */
  async verify(): Promise<ChainReport> {
    const verifier = new ChainVerifier();
    const checkpoints = await this.log.checkpoints();
    const heads = new Map<number, string>([[0, verifier.head.hash]]);
    for (let after = 0; ;) {
      const batch = await this.log.page(after, VERIFY_BATCH);
      for (const entry of batch) {
        if (!verifier.next(entry)) break;
        heads.set(verifier.head.entries, verifier.head.hash);
      }
      if (batch.length < VERIFY_BATCH || verifier.firstBadSeq !== null) break;
      after = batch[batch.length - 1].seq;
    }
    const badCheckpoint = checkpoints.find(
      (checkpoint) =>
        !this.signer.verify(
          checkpointMessage(checkpoint.entries, checkpoint.headHash),
          checkpoint.signature,
        ) ||
        (heads.has(checkpoint.entries) && heads.get(checkpoint.entries) !== checkpoint.headHash) ||
        (verifier.firstBadSeq === null && checkpoint.entries > verifier.head.entries),
    );
    return {
      verified: verifier.firstBadSeq === null && badCheckpoint === undefined,
      entries: verifier.head.entries,
      firstBadSeq: verifier.firstBadSeq,
      firstBadCheckpoint: badCheckpoint?.entries ?? null,
      lastCheckpoint: checkpoints[checkpoints.length - 1] ?? null,
    };
  }

  /** Signs the chain's head now; the checkpoint is recorded in the log too. */
  async checkpoint(actor: Actor): Promise<AuditCheckpoint> {
    const now = new Date(this.clock.now());
    return this.uow.run(async ({ audit }) => {
      const head = await audit.head();
      const checkpoint: AuditCheckpoint = {
        entries: head?.seq ?? 0,
        headHash: head?.hash ?? '0'.repeat(64),
        signedAt: now,
        keyId: this.signer.keyId,
        signature: '',
      };
      checkpoint.signature = this.signer.sign(
        checkpointMessage(checkpoint.entries, checkpoint.headHash),
      );
      await audit.saveCheckpoint(checkpoint);
      await audit.append(
        entryOf(actor, now, {
          action: 'audit.checkpoint',
          targetType: 'audit',
          targetId: String(checkpoint.entries),
        }),
      );
      return checkpoint;
    });
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
