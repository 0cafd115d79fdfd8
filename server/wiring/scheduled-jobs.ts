import { type Config } from '../config';
import { registerBackupJob } from '../backup/backup-job';
import { InMemoryPaymentRetentionStore } from '../adapters/in-memory/in-memory-payment-retention.adapter';
import { type InMemoryTables } from '../adapters/in-memory/in-memory-tables';
import { InMemoryScheduler } from '../adapters/jobs/in-memory-scheduler.adapter';
import { observeJobRuns } from '../adapters/jobs/job-runs-observer';
import { PgBossScheduler } from '../adapters/jobs/pg-boss-scheduler.adapter';
import { type ForwardingLogger } from '../adapters/logging/forwarding-logger.adapter';
import { type PortalMetrics } from '../adapters/metrics/portal-metrics';
import { type Database } from '../adapters/postgres/database';
import { PostgresPaymentRetentionStore } from '../adapters/postgres/postgres-payment-retention.adapter';
import { type Clock } from '../ports/clock.port';
import { type PaymentRetentionStore } from '../ports/payment-retention.port';
import { runExpiryMs } from '../settings/jobs';
import { type JobRunObserver, type Scheduler } from '../ports/scheduler.port';
import { PurgePaymentsPastRetentionUseCase } from '../use-cases/purge-payments-past-retention.use-case';
import { type ServerUseCases } from './use-cases';

/** The recurring jobs by name: queue names, metric labels and log fields. */
export const JOBS = {
  reconcile: 'reconcile-payments',
  purge: 'purge-stale-records',
  retention: 'purge-payments-past-retention',
  auditCheckpoint: 'audit-checkpoint',
  smsSend: 'sms-send',
} as const;

/**
 * How often every instance together looks for queued SMS messages due: a retry, or one an
 * instance left. A new message is sent at once by the instance that took its request.
 */
const SMS_SEND_INTERVAL_MS = 2000;

/**
 * Registers the portal's recurring jobs, each run once per interval across all instances: the
 * sweep of stale pending payments every RECONCILE_INTERVAL_S, and every PURGE_INTERVAL_S the purge
 * of stale records and the removal of payments past their retention (RETENTION_YEARS); and every
 * AUDIT_CHECKPOINT_INTERVAL_S (five minutes) a signed checkpoint of the audit log, when entries
 * were written since the last; and every 2 s, when SMS go out behind the answers, the messages
 * due (sms-send-queue.use-case.ts).
 * An interval of 0 leaves a job out.
 */
export function registerScheduledJobs(
  scheduler: Scheduler,
  useCases: Pick<
    ServerUseCases,
    'reconcilePendingPayments' | 'purgeStaleRecords' | 'auditTrail' | 'smsSendQueue'
  >,
  retention: PaymentRetentionStore,
  config: Pick<Config, 'reconcileIntervalS' | 'purgeIntervalS' | 'retentionYears' | 'ops'>,
): void {
  const retentionPurge = new PurgePaymentsPastRetentionUseCase(retention, config.retentionYears);
  scheduler.register({
    name: JOBS.reconcile,
    intervalMs: config.reconcileIntervalS * 1000,
    // A sweep starts gateway queries for half of this (sweepBudgetMs), so it ends well within.
    expireAfterMs: runExpiryMs(config.reconcileIntervalS * 1000),
    run: () => useCases.reconcilePendingPayments.execute(),
  });
  scheduler.register({
    name: JOBS.purge,
    intervalMs: config.purgeIntervalS * 1000,
    expireAfterMs: runExpiryMs(config.purgeIntervalS * 1000),
    run: () => useCases.purgeStaleRecords.execute(),
  });
  scheduler.register({
    name: JOBS.retention,
    intervalMs: config.purgeIntervalS * 1000,
    expireAfterMs: runExpiryMs(config.purgeIntervalS * 1000),
    run: () => retentionPurge.execute(),
  });
  scheduler.register({
    name: JOBS.auditCheckpoint,
    intervalMs: config.ops.auditCheckpointIntervalS * 1000,
    expireAfterMs: runExpiryMs(config.ops.auditCheckpointIntervalS * 1000),
    run: async () => {
      await useCases.auditTrail.checkpointIfNew({ kind: 'scheduler' });
    },
  });
  if (!useCases.smsSendQueue.sendsBehindAnswers) return;
  scheduler.register({
    name: JOBS.smsSend,
    intervalMs: SMS_SEND_INTERVAL_MS,
    expireAfterMs: 60_000,
    run: () => useCases.smsSendQueue.run(),
  });
}

/** What the schedulers below are built from. */
export interface JobsWiring {
  config: Config;
  clock: Clock;
  metrics: PortalMetrics;
  log: ForwardingLogger;
  useCases: Pick<
    ServerUseCases,
    'reconcilePendingPayments' | 'purgeStaleRecords' | 'auditTrail' | 'smsSendQueue'
  >;
}

/** The jobs on pg-boss in the portal's database (PostgreSQL or PGlite); main starts them. */
export function pgBossJobs(db: Database, wiring: JobsWiring): Scheduler {
  const { config, log } = wiring;
  const scheduler = new PgBossScheduler(db, observe(wiring), {
    ...config.jobTiming,
    drainMs: config.shutdownGraceMs,
    onError: (error) => log.warn({ err: error }, 'jobs: the job engine failed'),
  });
  registerScheduledJobs(scheduler, wiring.useCases, new PostgresPaymentRetentionStore(db), config);
  registerBackupJob(
    scheduler,
    db,
    config,
    wiring.metrics.registry,
    wiring.clock,
    (error, message) => log.warn({ err: error }, message),
  );
  return scheduler;
}

/** The jobs of the in-memory container, on its clock (a FakeClock in tests). */
export function inMemoryJobs(tables: InMemoryTables, wiring: JobsWiring): Scheduler {
  const { config, clock } = wiring;
  const scheduler = new InMemoryScheduler(clock, config.jobTiming, observe(wiring));
  const retention = new InMemoryPaymentRetentionStore(tables, clock);
  registerScheduledJobs(scheduler, wiring.useCases, retention, config);
  return scheduler;
}

function observe({ metrics, log, clock }: JobsWiring): JobRunObserver {
  return observeJobRuns(metrics.jobs, log, () => clock.now());
}
