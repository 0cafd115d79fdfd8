import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../../../server/adapters/postgres/migrate';
import { removalsIn } from './migration-removals';

/**
 * During a rolling update the previous release runs on the new schema, so a migration only adds:
 * a table or a column it drops or renames breaks the instances still running the previous one.
 * The exceptions, each named with why no release still running can use what it takes away.
 */
const NAMED_EXCEPTIONS: Record<string, string> = {
  '005_drop_sandbox_payments.sql: drop table sandbox_payments':
    'the sandbox gateway kept its books in its own memory two releases before; nothing read it',
};

const migrationFiles = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();

const removalsOf = (file: string): string[] =>
  removalsIn(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).map(
    (removal) => `${file}: ${removal}`,
  );

describe('migrations keep the previous release working', () => {
  it('drop or rename no table or column without a named exception', () => {
    const unnamed = migrationFiles()
      .flatMap(removalsOf)
      .filter((removal) => !(removal in NAMED_EXCEPTIONS));
    expect(unnamed).toEqual([]);
  });

  it('name no exception that no migration makes', () => {
    const made = new Set(migrationFiles().flatMap(removalsOf));
    expect(Object.keys(NAMED_EXCEPTIONS).filter((name) => !made.has(name))).toEqual([]);
  });
});

describe('removalsIn', () => {
  it('finds tables and columns dropped or renamed, however written', () => {
    const sql = `
      DROP TABLE old_payments;
      drop table if exists a, "B" cascade;
      ALTER TABLE members DROP COLUMN phone_no;
      ALTER TABLE ONLY members DROP nickname, ADD COLUMN x int, DROP COLUMN IF EXISTS "Y";
      alter table if exists sessions rename column last_seen_at to seen_at;
      ALTER TABLE sessions RENAME token TO token_sha;
      ALTER TABLE refunds RENAME TO refund_requests;
    `;
    expect(removalsIn(sql)).toEqual([
      'drop table old_payments',
      'drop table a',
      'drop table B',
      'drop column members.phone_no',
      'drop column members.nickname',
      'drop column members.Y',
      'rename column sessions.last_seen_at to seen_at',
      'rename column sessions.token to token_sha',
      'rename table refunds to refund_requests',
    ]);
  });

  it('leaves out what only constrains or indexes, and text that is no statement', () => {
    const sql = `
      -- DROP TABLE members; (a comment)
      /* ALTER TABLE members DROP COLUMN phone_no; */
      ALTER TABLE payment_callbacks DROP CONSTRAINT payment_callbacks_result_check;
      ALTER TABLE payment_callbacks ADD CONSTRAINT c CHECK (result IN ('a', 'b'));
      ALTER TABLE sessions ALTER COLUMN revoked_at DROP NOT NULL, ALTER COLUMN x DROP DEFAULT;
      ALTER TABLE sessions RENAME CONSTRAINT a TO b;
      DROP INDEX transactions_member_id_idx;
      INSERT INTO notes (text) VALUES ('DROP TABLE members; ALTER TABLE x DROP COLUMN y');
      CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DROP TABLE scratch;
        RETURN NEW;
      END
      $$;
    `;
    expect(removalsIn(sql)).toEqual([]);
  });
});
