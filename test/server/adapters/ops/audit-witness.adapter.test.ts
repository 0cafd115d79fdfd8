import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  allWitnesses,
  FileAuditWitness,
  LogAuditWitness,
  readWitness,
} from '../../../../server/adapters/ops/audit-witness.adapter';
import { type AuditCheckpoint } from '../../../../server/domain/ops/audit-chain';

const checkpoint = (entries: number, previousHash?: string): AuditCheckpoint => ({
  entries,
  headHash: String(entries % 10).repeat(64),
  signedAt: new Date(Date.UTC(2026, 0, 1, 9, entries)),
  keyId: 'ed25519:0123456789abcdef',
  signature: Buffer.from(`signature ${entries}`).toString('base64'),
  ...(previousHash === undefined ? {} : { previousHash }),
});

/** The witness outside the database: a file per checkpoint, written whole, and one log line. */
describe('the audit witness', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audit-witness-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each checkpoint to a file of its own, reads back the latest of the directory', async () => {
    const witnessDir = path.join(dir, 'witness');
    expect(await readWitness(dir)).toBeNull();
    const witness = new FileAuditWitness(witnessDir);
    for (const entries of [9, 120, 15]) {
      await witness.record(checkpoint(entries, entries === 9 ? undefined : 'a'.repeat(64)));
    }
    const names = await readdir(witnessDir);
    // Renamed into place: no temporary file is left beside them.
    expect(names.sort()).toEqual([
      'checkpoint-000000000009.json',
      'checkpoint-000000000015.json',
      'checkpoint-000000000120.json',
    ]);
    expect(await readWitness(witnessDir)).toEqual(checkpoint(120, 'a'.repeat(64)));
    const file = path.join(witnessDir, 'checkpoint-000000000009.json');
    expect(await readWitness(file)).toEqual(checkpoint(9));
    const pretty = path.join(dir, 'pretty.json');
    await writeFile(pretty, JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 2));
    expect(await readWitness(pretty)).toEqual(checkpoint(9));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      kind: 'checkpoint',
      entries: 9,
      head_hash: '9'.repeat(64),
      signed_at: '2026-01-01T09:09:00.000Z',
      key_id: 'ed25519:0123456789abcdef',
      signature: checkpoint(9).signature,
    });
  });

  it('logs one line a shipped log file then serves as the witness, the latest among others', async () => {
    const lines: string[] = [];
    const log = new LogAuditWitness({
      info: (context, msg) => lines.push(JSON.stringify({ level: 30, ...context, msg })),
    });
    const both = allWitnesses([log, new FileAuditWitness(dir)]);
    await both.record(checkpoint(4));
    await both.record(checkpoint(7, 'b'.repeat(64)));
    expect(JSON.parse(lines[1])).toEqual({
      level: 30,
      msg: 'audit: checkpoint signed',
      audit_checkpoint: expect.objectContaining({ kind: 'checkpoint', entries: 7 }),
    });
    const shipped = path.join(dir, 'portal.log');
    const noise = [JSON.stringify({ level: 30, msg: 'request completed' }), 'not json', ''];
    await writeFile(shipped, [lines[1], ...noise, lines[0]].join('\n'));
    expect(await readWitness(shipped)).toEqual(checkpoint(7, 'b'.repeat(64)));
    await writeFile(shipped, noise.join('\n'));
    expect(await readWitness(shipped)).toBeNull();
    await expect(readWitness(path.join(dir, 'absent'))).rejects.toThrow(/ENOENT/);
  });

  it('still writes the file when the log fails, then reports the failure', async () => {
    const failing = { record: () => Promise.reject(new Error('log down')) };
    await expect(
      allWitnesses([failing, new FileAuditWitness(dir)]).record(checkpoint(3)),
    ).rejects.toThrow('log down');
    expect(await readWitness(dir)).toEqual(checkpoint(3));
  });
});
