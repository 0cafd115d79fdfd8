import { Ed25519AuditSigner } from '../../../../server/adapters/ops/ed25519-audit-signer.adapter';
import {
  type AuditCheckpoint,
  type AuditEntry,
  chainEntry,
  checkpointHash,
  checkpointMessage,
} from '../../../../server/domain/ops/audit-chain';
import { CLI } from '../../../../server/use-cases/ops/actor';
import { AuditTrailUseCase } from '../../../../server/use-cases/ops/audit-trail.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { anEntry } from '../../contracts/ops-stores.contract';
import { inMemoryServer } from '../../support/in-memory-server';
import { inMemoryStores } from '../../support/in-memory-stores';

const MINUTE = 60_000;
const INTERVAL = 5 * MINUTE;

/**
 * Someone holding the database (behind the append-only triggers) against the audit log: each
 * checkpoint names the one before it, the witness holds the latest outside the database, and a
 * tail no checkpoint covers for two intervals fails. In memory, on a fake clock.
 */
function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const signer = Ed25519AuditSigner.generate();
  const held: AuditCheckpoint[] = [];
  const trail = new AuditTrailUseCase(stores.audit, stores.unitOfWork, signer, clock, {
    witness: { record: async (checkpoint) => void held.push(checkpoint) },
    checkpointIntervalMs: INTERVAL,
  });
  const { auditLog, auditCheckpoints } = stores.tables;
  return {
    trail,
    signer,
    clock,
    /** The latest checkpoint the witness holds outside the database. */
    witness: () => held[held.length - 1],
    async write(count: number) {
      for (let i = 0; i < count; i += 1) {
        await stores.unitOfWork.run(({ audit }) =>
          audit.append(anEntry({ at: new Date(clock.now()) })),
        );
      }
    },
    entries: () => auditLog.all().sort((a, b) => a.seq - b.seq),
    /** Deletes every entry after `seq`. */
    cutAfter(seq: number) {
      for (const entry of auditLog.all()) if (entry.seq > seq) auditLog.delete(String(entry.seq));
    },
    deleteCheckpoint: (checkpoint: AuditCheckpoint) =>
      auditCheckpoints.delete(String(checkpoint.entries)),
    deleteAllCheckpoints() {
      for (const checkpoint of auditCheckpoints.all()) {
        auditCheckpoints.delete(String(checkpoint.entries));
      }
    },
    alterCheckpoint: (entries: number, change: (row: AuditCheckpoint) => AuditCheckpoint) =>
      auditCheckpoints.update(String(entries), change),
    /** Writes `entries` as the whole log, each re-linked and re-hashed after the one before. */
    rewrite(entries: readonly AuditEntry[]) {
      for (const entry of auditLog.all()) auditLog.delete(String(entry.seq));
      let head: AuditEntry | null = null;
      for (const { seq: _seq, prevHash: _prev, hash: _hash, ...input } of entries) {
        head = chainEntry(head, input);
        auditLog.insert(String(head.seq), head);
      }
    },
    /** A forged entry appended at the head, linked and hashed as the server would. */
    forge(at: Date) {
      const last = auditLog.all().sort((a, b) => b.seq - a.seq)[0];
      const entry = chainEntry(last ?? null, anEntry({ at, action: 'member.reveal' }));
      auditLog.insert(String(entry.seq), entry);
    },
  };
}

describe('checkpoints of the audit log: a chain of their own, held outside the database', () => {
  it('signs the previous checkpoint hash, the head seq and hash; it verifies', async () => {
    const s = setUp();
    await s.write(3);
    const first = await s.trail.checkpoint(CLI);
    await s.write(2);
    const second = await s.trail.checkpoint(CLI);
    expect(first.previousHash).toBeUndefined();
    expect(second).toMatchObject({ entries: 6, previousHash: checkpointHash(first) });
    expect(second.headHash).toBe(s.entries()[5].hash);
    const message = checkpointMessage(6, second.headHash, checkpointHash(first));
    expect(s.signer.verify(message, second.signature)).toBe(true);
    expect(s.witness()).toEqual(second);
    const report = await s.trail.verify({ witness: s.witness() });
    expect(report).toMatchObject({ verified: true, checkpoints: 2, entries: 7 });
    expect(report.witness?.verdict).toBe('matches');
  });

  it('a checkpoint removed or altered breaks the one after it', async () => {
    for (const tamper of ['delete-middle', 'delete-first', 'unlink', 'relink'] as const) {
      const s = setUp();
      await s.write(2);
      const first = await s.trail.checkpoint(CLI);
      await s.write(2);
      const second = await s.trail.checkpoint(CLI);
      await s.write(2);
      const third = await s.trail.checkpoint(CLI);
      if (tamper === 'delete-middle') s.deleteCheckpoint(second);
      if (tamper === 'delete-first') s.deleteCheckpoint(first);
      if (tamper === 'unlink')
        s.alterCheckpoint(third.entries, ({ previousHash: _, ...row }) => row);
      if (tamper === 'relink') {
        s.alterCheckpoint(third.entries, (row) => ({
          ...row,
          previousHash: checkpointHash(first),
        }));
      }
      const report = await s.trail.verify();
      expect({ tamper, verified: report.verified }).toEqual({ tamper, verified: false });
      const broken = tamper === 'delete-first' ? second : third;
      expect(report.firstBadCheckpoint).toBe(broken.entries);
    }
  });

  it('catches the tail cut after the last checkpoint in the database with the witness', async () => {
    const s = setUp();
    await s.write(4);
    const kept = await s.trail.checkpoint(CLI);
    await s.write(3);
    const cut = await s.trail.checkpoint(CLI);
    // Gone: the last checkpoint, and everything after the first one's own entry.
    s.deleteCheckpoint(cut);
    s.cutAfter(kept.entries + 1);
    // The database alone cannot tell (the tail is younger than two intervals)...
    expect(await s.trail.verify()).toMatchObject({ verified: true, entries: 5 });
    // ...the checkpoint held outside can.
    const report = await s.trail.verify({ witness: s.witness() });
    expect(report).toMatchObject({ verified: false, entries: 5, firstBadSeq: null });
    expect(report.witness).toEqual({ checkpoint: cut, verdict: 'ahead' });
  });

  it('catches forged entries: in place of a cut tail, or left uncovered for two intervals', async () => {
    const s = setUp();
    await s.write(4);
    const kept = await s.trail.checkpoint(CLI);
    await s.write(2);
    const cut = await s.trail.checkpoint(CLI);
    s.deleteCheckpoint(cut);
    s.cutAfter(kept.entries + 1);
    s.forge(new Date(s.clock.now()));
    s.forge(new Date(s.clock.now()));
    expect((await s.trail.verify()).verified).toBe(true);
    const replaced = await s.trail.verify({ witness: s.witness() });
    expect(replaced).toMatchObject({ verified: false, entries: cut.entries });
    expect(replaced.witness?.verdict).toBe('differs');

    // A forged entry dated back, appended after the last checkpoint's own entry.
    const t = setUp();
    await t.write(2);
    await t.trail.checkpoint(CLI);
    await t.clock.advance(30 * MINUTE);
    expect((await t.trail.verify()).verified).toBe(true);
    t.forge(new Date(t.clock.now() - 20 * MINUTE));
    const report = await t.trail.verify();
    expect(report).toMatchObject({ verified: false, firstBadSeq: null, firstBadCheckpoint: null });
    expect(report.uncoveredSince).toEqual({ seq: 4, at: new Date(t.clock.now() - 20 * MINUTE) });
  });

  it('catches every checkpoint deleted: by the entries naming them, and the witness', async () => {
    const s = setUp();
    await s.write(3);
    await s.trail.checkpoint(CLI);
    await s.write(2);
    const last = await s.trail.checkpoint(CLI);
    s.deleteAllCheckpoints();
    const report = await s.trail.verify();
    expect(report).toMatchObject({ verified: false, missingCheckpoint: 3, checkpoints: 0 });
    const withWitness = await s.trail.verify({ witness: s.witness() });
    expect(withWitness.witness).toEqual({ checkpoint: last, verdict: 'missing' });
  });

  it('catches the whole history re-hashed: checkpoints kept, or deleted with their entries', async () => {
    const s = setUp();
    await s.write(3);
    await s.trail.checkpoint(CLI);
    await s.write(2);
    await s.trail.checkpoint(CLI);
    const original = s.entries();
    s.rewrite(original.map((entry) => (entry.seq === 2 ? { ...entry, reason: 'nothing' } : entry)));
    expect(await s.trail.verify()).toMatchObject({
      verified: false,
      firstBadSeq: null,
      firstBadCheckpoint: 3,
    });

    // Every checkpoint and every entry naming one gone, the rest re-hashed: no checkpoint covers
    // a log with entries, which is fine for two intervals and then fails; the witness at once.
    s.deleteAllCheckpoints();
    s.rewrite(original.filter((entry) => entry.action !== 'audit.checkpoint'));
    expect(await s.trail.verify()).toMatchObject({ verified: true, checkpoints: 0, entries: 5 });
    expect((await s.trail.verify({ witness: s.witness() })).witness?.verdict).toBe('ahead');
    await s.clock.advance(2 * INTERVAL + 1);
    expect(await s.trail.verify()).toMatchObject({
      verified: false,
      firstBadSeq: null,
      firstBadCheckpoint: null,
      missingCheckpoint: null,
      uncoveredSince: { seq: 1, at: original[0].at },
    });
  });

  it('signs on schedule only when entries were written since the last checkpoint', async () => {
    const s = setUp();
    expect(await s.trail.checkpointIfNew({ kind: 'scheduler' })).toBeNull();
    await s.write(1);
    const first = await s.trail.checkpointIfNew({ kind: 'scheduler' });
    expect(first?.entries).toBe(1);
    // Its own entry is no news.
    expect(await s.trail.checkpointIfNew({ kind: 'scheduler' })).toBeNull();
    await s.clock.advance(60 * MINUTE);
    expect((await s.trail.verify()).verified).toBe(true);
    await s.write(1);
    const second = await s.trail.checkpointIfNew({ kind: 'scheduler' });
    expect(second).toMatchObject({ entries: 3, previousHash: checkpointHash(first!) });
  });

  it('logs each checkpoint as one structured line through the server log', async () => {
    const server = inMemoryServer();
    const log = { warn: jest.fn(), info: jest.fn() };
    server.container.log.attach(log);
    const signed = await server.container.auditTrail.checkpoint(CLI);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(
      {
        audit_checkpoint: expect.objectContaining({
          kind: 'checkpoint',
          entries: signed.entries,
          head_hash: signed.headHash,
          signature: signed.signature,
        }),
      },
      'audit: checkpoint signed',
    );
    expect(log.warn).not.toHaveBeenCalled();
    await server.container.close();
  });

  it('runs the checkpoint job every five minutes by default', async () => {
    const server = inMemoryServer();
    expect(server.config.ops.auditCheckpointIntervalS).toBe(300);
    const runs = jest.spyOn(server.container.auditTrail, 'checkpointIfNew');
    await server.container.scheduler.start();
    await server.clock.advance(10 * MINUTE);
    expect(runs).toHaveBeenCalledTimes(2);
    await server.container.close();
  });
});
