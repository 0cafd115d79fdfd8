import { Ed25519AuditSigner } from '../../../../server/adapters/ops/ed25519-audit-signer.adapter';
import { type AuditCheckpoint } from '../../../../server/domain/ops/audit-chain';
import {
  checkpointFromRecord,
  checkpointRecord,
} from '../../../../server/domain/ops/audit-checkpoints';
import { keyIdOf } from '../../../../server/domain/ops/audit-keys';
import { type AuditSigner } from '../../../../server/ports/audit-signer.port';
import { CLI } from '../../../../server/use-cases/ops/actor';
import { signedCheckpoint } from '../../../../server/use-cases/ops/audit-key-rotation';
import { AuditTrailUseCase } from '../../../../server/use-cases/ops/audit-trail.use-case';
import { FakeClock } from '../../../fakes/fake-clock';
import { anEntry } from '../../contracts/ops-stores.contract';
import { inMemoryStores } from '../../support/in-memory-stores';

/**
 * One audit log, in memory, read and signed by instances holding different keys: the one before
 * a rotation, the one after, and keys the log was never handed to.
 */
function setUp() {
  const stores = inMemoryStores();
  const clock = new FakeClock();
  const held: AuditCheckpoint[] = [];
  const trailWith = (signer: AuditSigner) =>
    new AuditTrailUseCase(stores.audit, stores.unitOfWork, signer, clock, {
      witness: { record: async (checkpoint) => void held.push(checkpoint) },
    });
  return {
    stores,
    trailWith,
    held,
    async write(count: number) {
      for (let i = 0; i < count; i += 1) {
        await stores.unitOfWork.run(({ audit }) =>
          audit.append(anEntry({ at: new Date(clock.now()) })),
        );
      }
    },
    /** A checkpoint saved behind the server's back (someone holding the database and a key). */
    async saveAs(signer: AuditSigner, rotation?: { nextKey: string }) {
      await stores.unitOfWork.run(async ({ audit }) =>
        audit.saveCheckpoint(
          signedCheckpoint(
            signer,
            await audit.head(),
            await audit.lastCheckpoint(),
            new Date(clock.now()),
            rotation,
          ),
        ),
      );
    },
    checkpoints: () => stores.tables.auditCheckpoints.all().sort((a, b) => a.entries - b.entries),
  };
}

describe('rotating the audit signing key', () => {
  const oldKey = Ed25519AuditSigner.generate();
  const newKey = Ed25519AuditSigner.generate();

  it('the old key introduces the new one, which signs next; both keys verify the whole past', async () => {
    const s = setUp();
    const before = s.trailWith(oldKey);
    await s.write(3);
    await before.checkpoint(CLI);
    await s.write(2);
    const rotated = await before.rotateKey(CLI, newKey);
    if (typeof rotated === 'string') throw new Error(rotated);
    const [handOver, first] = rotated;
    expect(handOver).toMatchObject({ keyId: oldKey.keyId, nextKey: newKey.publicKey });
    expect(handOver?.publicKey).toBe(oldKey.publicKey);
    expect(first).toMatchObject({ keyId: newKey.keyId });
    expect(first?.nextKey).toBeUndefined();
    expect(s.held.slice(-2)).toEqual(rotated);
    // A witness file, a log line or an export line carries both keys, and reads back the same.
    const record = JSON.parse(JSON.stringify(checkpointRecord(handOver!))) as unknown;
    expect(record).toMatchObject({ next_key: newKey.publicKey, public_key: oldKey.publicKey });
    expect(checkpointFromRecord(record)).toEqual(handOver);
    expect(Object.keys(checkpointRecord(first!))).not.toContain('next_key');

    // The rotation is audited, naming both keys.
    const entries = s.stores.tables.auditLog.all().sort((a, b) => a.seq - b.seq);
    const rotation = entries.find((entry) => entry.action === 'audit.key-rotated');
    expect(rotation).toMatchObject({
      actorName: 'cli',
      targetId: newKey.keyId,
      changes: { key_id: { before: oldKey.keyId, after: newKey.keyId } },
    });

    const after = s.trailWith(newKey);
    await s.write(2);
    expect(await after.checkpoint(CLI)).toMatchObject({ keyId: newKey.keyId });
    for (const trail of [after, before]) {
      const report = await trail.verify({ witness: s.held[0] });
      expect(report).toMatchObject({ verified: true, checkpoints: 4, firstBadCheckpoint: null });
      expect(report.witness?.verdict).toBe('matches');
    }
  });

  it('an instance still on the old key signs no more once the new key has signed, and says why', async () => {
    const s = setUp();
    const before = s.trailWith(oldKey);
    await s.write(2);
    await before.rotateKey(CLI, newKey);
    await s.write(3);
    // The run fails, naming both key ids, so the job's failure says why.
    await expect(before.checkpointIfNew(CLI)).rejects.toThrow(
      `the log is signed by ${newKey.keyId}, not by this instance's key ${oldKey.keyId}`,
    );
    await expect(before.checkpoint(CLI)).rejects.toThrow(/AUDIT_SIGNING_KEY/);
    expect(s.checkpoints()).toHaveLength(2);
    expect(await before.rotateKey(CLI, Ed25519AuditSigner.generate())).toBe('retired');
    expect(await before.rotateKey(CLI, oldKey)).toBe('same key');
    expect((await s.trailWith(newKey).checkpointIfNew(CLI))?.keyId).toBe(newKey.keyId);
  });

  it('a checkpoint signed by the old key after the new one took over breaks the chain', async () => {
    const s = setUp();
    await s.write(2);
    await s.trailWith(oldKey).rotateKey(CLI, newKey);
    await s.write(1);
    await s.saveAs(oldKey);
    const report = await s.trailWith(newKey).verify();
    expect(report.verified).toBe(false);
    expect(report.firstBadCheckpoint).toBe(s.checkpoints()[2]?.entries);
  });

  it('refuses a history signed by a key nobody trusts, even one that introduces the right key', async () => {
    const s = setUp();
    const forger = Ed25519AuditSigner.generate();
    await s.write(4);
    await s.saveAs(forger);
    await s.write(1);
    // Hands the log to the servers' real key, which has signed nothing of it.
    await s.saveAs(forger, { nextKey: newKey.publicKey });
    const report = await s.trailWith(newKey).verify();
    expect(report).toMatchObject({ verified: false, firstBadCheckpoint: 4 });
    // A key the log was never handed to signs nothing that verifies.
    await s.write(1);
    await s.saveAs(Ed25519AuditSigner.generate());
    expect((await s.trailWith(forger).verify()).verified).toBe(false);
  });

  it('verifies with a public key vouched for besides its own (verify-audit --key)', async () => {
    const s = setUp();
    await s.write(3);
    await s.trailWith(oldKey).checkpoint(CLI);
    const stranger = s.trailWith(Ed25519AuditSigner.generate());
    expect((await stranger.verify()).verified).toBe(false);
    expect((await stranger.verify({ trustedKeys: [oldKey.publicKey] })).verified).toBe(true);
    expect(keyIdOf(oldKey.publicKey)).toBe(oldKey.keyId);
  });
});
