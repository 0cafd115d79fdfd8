import { type ServerStores } from '../../../server/container';
import { type Member } from '../../../server/domain/member';
import { inMemoryStoresOver } from '../../../server/adapters/in-memory/in-memory-stores';
import { InMemoryTables } from '../../../server/adapters/in-memory/in-memory-tables';
import { type Database, openDatabase } from '../../../server/adapters/postgres/database';
import { postgresStoresOver } from '../../../server/adapters/postgres/postgres-stores';
import {
  type CallbackRecord,
  type CallbackResult,
  type CallbackSource,
} from '../../../server/ports/transaction-store.port';
import { openMigratedPglite } from '../support/database-images';
import { createScratchDatabase, eachDatabase, type ScratchDatabase } from '../support/databases';

export type Backend = 'in-memory' | 'pglite' | 'postgres';

/** One backend's stores over one empty set of tables, plus what the ports cannot read back. */
export interface StoreSet extends ServerStores {
  /** The payment messages recorded, oldest first (no port reads them; the audit table does). */
  callbacks(): Promise<CallbackRecord[]>;
  /** A member's row as stored, erased ones too (which no port finds any more). */
  memberRow(id: string): Promise<Member | null>;
}

interface OpenBackend {
  /** Empties every table and answers stores over them. */
  fresh(): Promise<StoreSet>;
  close(): Promise<void>;
}

/** In-memory always, then what eachDatabase() offers: PGlite, and PostgreSQL when it answers. */
export function eachBackend(): Backend[] {
  return ['in-memory', ...eachDatabase()];
}

const HOOK_TIMEOUT_MS = 60_000;

/**
 * Runs one adapter contract against every backend: the same `it`s, so an in-memory adapter that
 * drifts from the PostgreSQL one fails here. Each test starts on empty tables.
 */
export function describeContract(port: string, contract: (stores: () => StoreSet) => void): void {
  describe.each(eachBackend())(`${port} contract on %s`, (backend) => {
    let opened: OpenBackend | undefined;
    let current: StoreSet | undefined;
    beforeAll(async () => {
      opened = await openBackend(backend);
    }, HOOK_TIMEOUT_MS);
    beforeEach(async () => {
      if (!opened) throw new Error(`${backend} did not open`);
      current = await opened.fresh();
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await opened?.close();
    }, HOOK_TIMEOUT_MS);

    contract(() => {
      if (!current) throw new Error('no stores: beforeEach did not run');
      return current;
    });
  });
}

async function openBackend(backend: Backend): Promise<OpenBackend> {
  if (backend === 'in-memory') {
    return {
      async fresh() {
        const tables = new InMemoryTables();
        const stores = inMemoryStoresOver(tables);
        return {
          ...stores,
          callbacks: async () => stores.transactions.callbacks(),
          memberRow: async (id) => tables.members.get(id) ?? null,
        };
      },
      async close() {},
    };
  }

  let scratch: ScratchDatabase | undefined;
  let db: Database | undefined;
  try {
    scratch = backend === 'postgres' ? await createScratchDatabase({ migrated: true }) : undefined;
    db = scratch
      ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      : await openMigratedPglite();
  } catch (error) {
    await db?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
  const opened = db;
  const dropped = scratch;
  return {
    async fresh() {
      await opened.exec(
        `TRUNCATE members, sessions, sms_codes, sms_requests, login_failures, transactions,
           payment_idempotency_keys, payment_callbacks, receipt_counters RESTART IDENTITY CASCADE`,
      );
      return {
        ...postgresStoresOver(opened),
        callbacks: () => readCallbacks(opened),
        memberRow: (id) => readMemberRow(opened, id),
      };
    },
    async close() {
      await opened.close();
      await dropped?.drop();
    },
  };
}

interface CallbackRow {
  transaction_id: string | null;
  source: string;
  payload: string;
  result: string;
  reason: string | null;
  received_at: Date;
}

async function readCallbacks(db: Database): Promise<CallbackRecord[]> {
  const rows = await db.query<CallbackRow>(
    `SELECT transaction_id, source, payload, result, reason, received_at
       FROM payment_callbacks ORDER BY id`,
  );
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    source: row.source as CallbackSource,
    payload: row.payload,
    result: row.result as CallbackResult,
    reason: row.reason,
    receivedAt: new Date(row.received_at),
  }));
}

async function readMemberRow(db: Database, id: string): Promise<Member | null> {
  const rows = await db.query<Record<string, string | Date>>(
    `SELECT id, name, nationality, ic_or_passport, phone_no, password_hash, created_at, updated_at
       FROM members WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    nationality: row.nationality as Member['nationality'],
    icOrPassport: String(row.ic_or_passport),
    phoneNo: String(row.phone_no),
    passwordHash: String(row.password_hash),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
