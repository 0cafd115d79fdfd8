import { type TestDatabase } from '../../../scripts/support/databases';
import { startTestApp, type TestApp } from './test-app';

/** The trigger functions a test attaches to a write to make it fail, by name. */
export type WriteFault = 'test_refuse_write' | 'test_end_own_backend';

/**
 * A real server whose database holds two trigger functions for making a chosen write fail: one
 * raises (the database refuses), one ends its own backend as a failover would (PostgreSQL only
 * has backends to end). A test attaches one with `CREATE TRIGGER ... EXECUTE FUNCTION <fault>()`
 * and drops the trigger afterwards.
 */
export async function startAppWithWriteFaults(database: TestDatabase): Promise<TestApp> {
  const t = await startTestApp({ database });
  await t.container.db.exec(`
    CREATE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'injected failure on %', TG_TABLE_NAME;
    END $$;
    CREATE FUNCTION test_end_own_backend() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_terminate_backend(pg_backend_pid());
      PERFORM pg_sleep(2);
      RETURN NEW;
    END $$;`);
  return t;
}
