import { verify } from 'node:crypto';
import {
  type AuditEntry,
  checkpointMessage,
  entryHash,
  GENESIS_HASH,
} from '../../../server/domain/ops/audit-chain';
import { type AuditListResponse, OpsPaths } from '../../../src/contract/ops-api';
import {
  get,
  opsHarness,
  type OpsHarness,
  operatorSignedIn,
  post,
  type SignedInOperator,
} from './ops-support';

/**
 * The audit log over HTTP: a page of entries with the chain's status, a signed checkpoint, and
 * the JSON Lines export that a third party verifies with the public key in its header alone.
 */
describe('the console: the audit log', () => {
  let h: OpsHarness;
  let admin: SignedInOperator;

  beforeAll(async () => {
    h = await opsHarness();
    admin = await operatorSignedIn(h, 'admin');
  });
  afterAll(() => h.close());

  it('lists entries newest first with their hashes and the chain verified', async () => {
    const answer = await get(h, OpsPaths.audit, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const page = answer.json().data as AuditListResponse;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.next_cursor).toBeNull();
    const seqs = page.items.map((item) => item.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const newest = page.items[0];
    expect(Object.keys(newest).sort()).toEqual(
      [
        'seq',
        'at',
        'actor_id',
        'actor_name',
        'actor_role',
        'address',
        'action',
        'target_type',
        'target_id',
        'reason',
        'changes',
        'prev_hash',
        'hash',
      ].sort(),
    );
    expect(newest.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(page.chain).toEqual({
      verified: true,
      entries: seqs[0],
      first_bad_seq: null,
      last_checkpoint: null,
    });
  });

  it('signs a checkpoint, which the list then names', async () => {
    const signed = await post(h, OpsPaths.auditCheckpoint, {}, admin);
    expect(signed.statusCode).toBe(200);
    const checkpoint = signed.json().data as {
      entries: number;
      head_hash: string;
      signed_at: string;
    };
    expect(Object.keys(checkpoint).sort()).toEqual(['entries', 'head_hash', 'signed_at']);
    expect(checkpoint.head_hash).toMatch(/^[0-9a-f]{64}$/);
    const page = (await get(h, OpsPaths.audit, admin)).json().data as AuditListResponse;
    expect(page.chain.last_checkpoint).toEqual(checkpoint);
    expect(page.chain.verified).toBe(true);
  });

  it('exports JSON Lines a third party verifies with the header key alone', async () => {
    const answer = await get(h, OpsPaths.auditExport, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-.+\.jsonl"$/,
    );
    const lines = answer.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const [header, ...rest] = lines;
    expect(Object.keys(header)).toEqual(['kind', 'algorithm', 'key_id', 'public_key']);
    expect(header).toMatchObject({ kind: 'header', algorithm: 'sha256-chain+ed25519' });
    const entries = rest.filter((line) => line.kind === 'entry');
    const checkpoints = rest.filter((line) => line.kind === 'checkpoint');
    expect(entries.length + checkpoints.length).toBe(rest.length);
    let previous = GENESIS_HASH;
    for (const [index, line] of entries.entries()) {
      const { kind: _kind, hash, ...fields } = line as Record<string, unknown> & { hash: string };
      expect(fields.seq).toBe(index + 1);
      expect(fields.prev_hash).toBe(previous);
      expect(entryHash(toEntry(fields))).toBe(hash);
      previous = hash;
    }
    expect(checkpoints).toHaveLength(1);
    const [checkpoint] = checkpoints as {
      entries: number;
      head_hash: string;
      signature: string;
    }[];
    expect(Object.keys(checkpoint)).toEqual([
      'kind',
      'entries',
      'head_hash',
      'signed_at',
      'key_id',
      'signature',
    ]);
    const message = Buffer.from(checkpointMessage(checkpoint.entries, checkpoint.head_hash));
    const signature = Buffer.from(checkpoint.signature, 'base64');
    expect(verify(null, message, header.public_key as string, signature)).toBe(true);
    // The export is audited before its first line: the list now ends with it.
    const page = (await get(h, OpsPaths.audit, admin)).json().data as AuditListResponse;
    expect(page.items[0].action).toBe('audit.export');
    expect(page.items[0].seq).toBe(entries.length);
  });

  it('refuses a date that is not one, naming it', async () => {
    const answer = await get(h, `${OpsPaths.audit}?from=not-a-date`, admin);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'from' });
  });
});

/** An exported entry's fields back as the domain's entry, to recompute its hash. */
function toEntry(fields: Record<string, unknown>): Omit<AuditEntry, 'hash'> {
  return {
    seq: fields.seq as number,
    at: new Date(fields.at as string),
    actorId: fields.actor_id as string | null,
    actorName: fields.actor_name as string,
    actorRole: fields.actor_role as string | null,
    address: fields.address as string | null,
    action: fields.action as string,
    targetType: fields.target_type as AuditEntry['targetType'],
    targetId: fields.target_id as string | null,
    reason: fields.reason as string | null,
    changes: fields.changes as AuditEntry['changes'],
    prevHash: fields.prev_hash as string,
  };
}
