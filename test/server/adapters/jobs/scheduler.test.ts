import { InMemoryScheduler } from '../../../../server/adapters/jobs/in-memory-scheduler.adapter';
import { PgBossScheduler } from '../../../../server/adapters/jobs/pg-boss-scheduler.adapter';
import { type Database, openDatabase } from '../../../../server/adapters/postgres/database';
import { FakeClock } from '../../../fakes/fake-clock';
import {
  CONTRACT_POLICY,
  schedulerContract,
  type SchedulerHarness,
} from '../../contracts/scheduler.contract';
import { openMigratedPglite } from '../../../../scripts/support/database-images';
import {
  createScratchDatabase,
  eachDatabase,
  type ScratchDatabase,
} from '../../../../scripts/support/databases';

jest.setTimeout(60_000);

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('Scheduler contract on the in-memory scheduler (FakeClock)', () => {
  schedulerContract(
    async () => {
      const clock = new FakeClock();
      return {
        scheduler: (observe) => new InMemoryScheduler(clock, CONTRACT_POLICY, observe),
        pass: (ms) => clock.advance(ms),
        sleep: (ms) => clock.sleep(ms),
        now: () => clock.now(),
        shared: false,
      };
    },
    async () => {},
  );
});

/** pg-boss over one database: every scheduler from the harness is another instance on it. */
function pgBossHarness(db: Database): SchedulerHarness {
  return {
    scheduler: (observe) =>
      new PgBossScheduler(db, observe, {
        ...CONTRACT_POLICY,
        pollMs: 200,
        maintenanceIntervalS: 1,
        drainMs: 5000,
        onError: () => {},
      }),
    pass: realSleep,
    sleep: realSleep,
    now: () => Date.now(),
    shared: true,
  };
}

describe.each(eachDatabase())('Scheduler contract on pg-boss on %s', (database) => {
  let db: Database | undefined;
  let scratch: ScratchDatabase | undefined;
  schedulerContract(
    async () => {
      if (database === 'pglite') db = await openMigratedPglite();
      else {
        scratch = await createScratchDatabase();
        db = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
      }
      return pgBossHarness(db);
    },
    async () => {
      await db?.close();
      await scratch?.drop();
      scratch = undefined;
    },
  );
});
