import { GENESIS_HASH } from '../domain/ops/audit-chain';
import { type Database } from '../adapters/postgres/database';

/**
 * What the backup file's payload is: PGlite's data directory (a gzip-compressed tar), or a
 * pg_dump custom-format dump (compressed by pg_dump).
 */
export type PayloadKind = 'pglite-datadir' | 'pg_dump-custom';

/** The last signed checkpoint of the audit log at the backup's time. */
export interface ManifestCheckpoint {
  entries: number;
  headHash: string;
  signedAt: string;
  keyId: string;
}

/**
 * What a backup says of itself, written beside its payload: enough for a restore to refuse what
 * does not match and for the drill to check the restored database against the moment it copies.
 */
export interface BackupManifest {
  format: 'portal-backup/1';
  createdAt: string;
  payload: PayloadKind;
  /** The last migration applied (its file name): a restore refuses one newer than its code. */
  schemaVersion: string;
  /** Rows per table of the `public` schema, counted in the same snapshot as the payload. */
  rowCounts: Record<string, number>;
  audit: { entries: number; headHash: string; lastCheckpoint: ManifestCheckpoint | null };
  /** `age` when the payload is encrypted (passphrase or recipient), else null. */
  encryption: 'age-passphrase' | 'age-recipient' | null;
  /** The payload's length and SHA-256 (hex), as stored in the file (encrypted when it is). */
  bytes: number;
  sha256: string;
}

/** The manifest's facts about the database, read inside the backup's transaction (`tx`). */
export type DatabaseFacts = Pick<BackupManifest, 'schemaVersion' | 'rowCounts' | 'audit'>;

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Counts, schema version and audit head as `tx` sees them. */
export async function databaseFacts(tx: Database): Promise<DatabaseFacts> {
  const [version] = await tx.query<{ name: string }>(
    'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
  );
  return {
    schemaVersion: version?.name ?? '',
    rowCounts: await rowCounts(tx),
    audit: await auditHead(tx),
  };
}

/** Rows in every table of the `public` schema, by name. */
export async function rowCounts(tx: Database): Promise<Record<string, number>> {
  const tables = await tx.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await tx.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM public.${quoted(name)}`,
    );
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

async function auditHead(tx: Database): Promise<DatabaseFacts['audit']> {
  const [head] = await tx.query<{ seq: string | number; hash: string }>(
    'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1',
  );
  const [checkpoint] = await tx.query<{
    entries: string | number;
    head_hash: string;
    signed_at: Date;
    key_id: string;
  }>(
    'SELECT entries, head_hash, signed_at, key_id FROM audit_checkpoints ORDER BY entries DESC LIMIT 1',
  );
  return {
    entries: Number(head?.seq ?? 0),
    headHash: head?.hash ?? GENESIS_HASH,
    lastCheckpoint:
      checkpoint === undefined
        ? null
        : {
            entries: Number(checkpoint.entries),
            headHash: checkpoint.head_hash,
            signedAt: new Date(checkpoint.signed_at).toISOString(),
            keyId: checkpoint.key_id,
          },
  };
}
