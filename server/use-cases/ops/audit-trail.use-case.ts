import {
  type AuditChainStatus,
  type AuditEntryDto,
  type AuditListResponse,
  type AuditQuery,
} from '../../../src/contract/ops-api';
import {
  type AuditCheckpoint,
  type AuditEntry,
  ChainVerifier,
  checkpointMessage,
  entryFields,
} from '../../domain/ops/audit-chain';
import { type AuditLog } from '../../ports/audit-log.port';
import { type AuditSigner } from '../../ports/audit-signer.port';
import { type Clock } from '../../ports/clock.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

const PAGE_SIZE = 50;
const VERIFY_BATCH = 1000;

export const toAuditDto = (entry: AuditEntry): AuditEntryDto => ({
  ...entryFields(entry),
  hash: entry.hash,
});

/** Where the chain breaks, if anywhere, and whether each checkpoint's signature holds. */
export interface ChainReport extends AuditChainStatus {
  /** The first checkpoint whose signature or hash does not match the chain. */
  first_bad_checkpoint: number | null;
}

const parseDate = (text: string | undefined): Date | null | undefined => {
  if (text === undefined) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
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

  async list(query: AuditQuery): Promise<Result<AuditListResponse, UseCaseError>> {
    const from = parseDate(query.from);
    const to = parseDate(query.to);
    if (from === null)
      return failWith('VALIDATION_FAILED', { field: 'from', message: 'from: not a date.' });
    if (to === null)
      return failWith('VALIDATION_FAILED', { field: 'to', message: 'to: not a date.' });
    const beforeSeq = query.cursor === undefined ? undefined : Number(query.cursor);
    if (beforeSeq !== undefined && !(Number.isSafeInteger(beforeSeq) && beforeSeq > 0)) {
      return failWith('VALIDATION_FAILED', { field: 'cursor', message: 'cursor: not a cursor.' });
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
    const { first_bad_checkpoint: _checkpoint, ...chain } = await this.verify();
    return ok({
      items: page.map(toAuditDto),
      next_cursor: entries.length > PAGE_SIZE ? String(page[page.length - 1].seq) : null,
      chain,
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
    const last = checkpoints[checkpoints.length - 1];
    return {
      verified: verifier.firstBadSeq === null && badCheckpoint === undefined,
      entries: verifier.head.entries,
      first_bad_seq: verifier.firstBadSeq,
      first_bad_checkpoint: badCheckpoint?.entries ?? null,
      last_checkpoint:
        last === undefined
          ? null
          : {
              entries: last.entries,
              head_hash: last.headHash,
              signed_at: last.signedAt.toISOString(),
            },
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
   * The whole log as JSON Lines: a header line with the public key, each entry with its hashes,
   * then each checkpoint; the export itself is audited first.
   */
  async *exportLines(actor: Actor): AsyncGenerator<string> {
    const now = new Date(this.clock.now());
    await this.uow.run(({ audit }) =>
      audit.append(
        entryOf(actor, now, { action: 'audit.export', targetType: 'audit', targetId: null }),
      ),
    );
    yield `${JSON.stringify({ kind: 'header', algorithm: 'sha256-chain+ed25519', key_id: this.signer.keyId, public_key: this.signer.publicKeyPem })}\n`;
    for (let after = 0; ;) {
      const batch = await this.log.page(after, VERIFY_BATCH);
      for (const entry of batch)
        yield `${JSON.stringify({ kind: 'entry', ...toAuditDto(entry) })}\n`;
      if (batch.length < VERIFY_BATCH) break;
      after = batch[batch.length - 1].seq;
    }
    for (const checkpoint of await this.log.checkpoints()) {
      yield `${JSON.stringify({
        kind: 'checkpoint',
        entries: checkpoint.entries,
        head_hash: checkpoint.headHash,
        signed_at: checkpoint.signedAt.toISOString(),
        key_id: checkpoint.keyId,
        signature: checkpoint.signature,
      })}\n`;
    }
  }
}
