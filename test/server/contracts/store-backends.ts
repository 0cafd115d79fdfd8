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
import { openMigratedPglite } from '../../../scripts/support/database-images';
import { type Refund } from '../../../server/domain/ops/refund';
import { insertRefundRow } from '../support/refund-rows';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../scripts/support/databases';

export type Backend = 'in-memory' | 'pglite' | 'postgres';

/** One backend's stores over one empty set of tables, plus what the ports cannot read back. */
export interface StoreSet extends ServerStores {
  /** The payment messages recorded, oldest first (no port reads them; the audit table does). */
  callbacks(): Promise<CallbackRecord[]>;
  /** A member's row as stored, erased ones too (which no port finds any more). */
  memberRow(id: string): Promise<Member | null>;
  /** Writes a refund row as it stands (the member-side stores only read refunds). */
  insertRefund(row: Refund): Promise<void>;
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
 * drifts from the PostgreSQL one fails here. Each test starts on empty tables. The databases are
 * opened once per file (every contract of the file runs on the same ones) and closed after it.
 */
export function describeContract(port: string, contract: (stores: () => StoreSet) => void): void {
  closeBackendsAfterTheFile();
  describe.each(eachBackend())(`${port} contract on %s`, (backend) => {
    let opened: OpenBackend | undefined;
    let current: StoreSet | undefined;
    beforeAll(async () => {
      opened = await sharedBackend(backend);
    }, HOOK_TIMEOUT_MS);
    beforeEach(async () => {
      if (!opened) throw new Error(`${backend} did not open`);
      current = await opened.fresh();
    }, HOOK_TIMEOUT_MS);

    contract(() => {
      if (!current) throw new Error('no stores: beforeEach did not run');
      return current;
    });
  });
}

/** This file's open backends (jest loads this module again for each test file). */
const backends = new Map<Backend, Promise<OpenBackend>>();
let closingRegistered = false;

function sharedBackend(backend: Backend): Promise<OpenBackend> {
  let opening = backends.get(backend);
  if (opening === undefined) {
    opening = openBackend(backend);
    backends.set(backend, opening);
  }
  return opening;
}

/** Registers, at the file's top level and once, the hook that closes what the file opened. */
function closeBackendsAfterTheFile(): void {
  if (closingRegistered) return;
  closingRegistered = true;
  afterAll(async () => {
    const opened = await Promise.allSettled(backends.values());
    backends.clear();
    for (const result of opened) {
      if (result.status === 'fulfilled') await result.value.close();
    }
  }, HOOK_TIMEOUT_MS);
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
          insertRefund: async (row) => tables.refunds.insert(row.id, row),
        };
      },
      async close() {},
    };
  }

  let scratch: ScratchDatabase | undefined;
  let db: Database | undefined;
  let emptyTables: string;
  try {
    scratch = backend === 'postgres' ? await createScratchDatabase({ migrated: true }) : undefined;
    db = scratch
      ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      : await openMigratedPglite();
    emptyTables = await emptyingScript(db, WRITTEN_TABLES);
  } catch (error) {
    await db?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    throw error;
  }
  const opened = db;
  const dropped = scratch;
  return {
    async fresh() {
      await opened.exec(emptyTables);
      return {
        ...postgresStoresOver(opened),
        callbacks: () => readCallbacks(opened),
        memberRow: (id) => readMemberRow(opened, id),
        insertRefund: (row) => insertRefundRow(opened, row),
      };
    },
    async close() {
      await opened.close();
      await dropped?.drop();
    },
  };
}

/** The tables the stores write; emptied before each test with every table that refers to them. */
const WRITTEN_TABLES = [
  'members',
  'sessions',
  'sms_codes',
  'sms_requests',
  'login_failures',
  'transactions',
  'payment_idempotency_keys',
  'payment_callbacks',
  'receipt_counters',
  'refunds',
  'operators',
  'audit_log',
  'audit_checkpoints',
];

/**
 * A script that empties `tables` and, as TRUNCATE ... CASCADE would, every table referring to
 * them, and restarts their sequences (RESTART IDENTITY). It deletes, referring tables first:
 * TRUNCATE gives each table new files, about 0.3-0.5 s on the PostgreSQL server per test, where
 * deleting the few rows a test wrote takes milliseconds.
 */
async function emptyingScript(db: Database, tables: readonly string[]): Promise<string> {
  const references = await db.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const emptied = new Set(tables);
  for (let grew = true; grew;) {
    grew = false;
    for (const { child, parent } of references) {
      if (emptied.has(parent) && !emptied.has(child)) {
        emptied.add(child);
        grew = true;
      }
    }
  }
  // Referring tables first: a table is deleted once nothing left refers to it.
  const order: string[] = [];
  const left = new Set(emptied);
  while (left.size > 0) {
    const next = [...left].filter(
      (table) => !references.some((ref) => ref.parent === table && left.has(ref.child)),
    );
    if (next.length === 0) throw new Error(`the tables refer to each other: ${[...left]}`);
    for (const table of next) {
      order.push(table);
      left.delete(table);
    }
  }
  const sequences = await db.query<{ sequence: string }>(
    `SELECT s.relname AS sequence
       FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
       JOIN pg_class t ON t.oid = d.refobjid
      WHERE s.relkind = 'S' AND d.deptype IN ('a', 'i') AND t.relname = ANY($1)`,
    [[...emptied]],
  );
  // The audit tables refuse DELETE through their triggers: replica mode skips triggers.
  return [
    'SET session_replication_role = replica;',
    ...order.map((table) => `DELETE FROM ${table};`),
    ...sequences.map(({ sequence }) => `ALTER SEQUENCE ${sequence} RESTART;`),
    'SET session_replication_role = DEFAULT;',
  ].join('\n');
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
