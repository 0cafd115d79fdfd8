import { type Config } from '../config';
import {
  checkLine,
  type CheckOutcome,
  type PreflightCheck,
  type PreflightContext,
  runCheck,
} from './check';
import { SERVICE_CHECKS } from './service-checks';
import { SETTING_CHECKS } from './setting-checks';

/**
 * Every check, in the order `ops.js doctor` prints them. The fatal ones (settings and this
 * machine only, no service asked) are also the server's own conditions of start in production.
 */
export const PREFLIGHT_CHECKS: readonly PreflightCheck[] = [...SETTING_CHECKS, ...SERVICE_CHECKS];

export interface PreflightReport {
  lines: string[];
  failed: boolean;
}

type Doors = Partial<Omit<PreflightContext, 'config' | 'mode'>>;

function contextFor(
  config: Config,
  mode: PreflightContext['mode'],
  doors: Doors,
): PreflightContext {
  return { config, mode, fetchFn: fetch, now: Date.now, ...doors };
}

/** The doctor: every check, one line each; failed when any fails. */
export async function runDoctor(
  config: Config,
  doors: Doors = {},
  checks: readonly PreflightCheck[] = PREFLIGHT_CHECKS,
): Promise<PreflightReport> {
  const context = contextFor(config, 'doctor', doors);
  const lines: string[] = [];
  let failed = false;
  for (const check of checks) {
    const outcome: CheckOutcome = await runCheck(check, context);
    failed ||= outcome.status === 'fail';
    lines.push(checkLine(check.name, outcome));
  }
  return { lines, failed };
}

/**
 * What stops a production start: the lines of the fatal checks that fail, as the doctor prints
 * them (none outside production, where the server starts whatever they say).
 */
export async function startRefusals(config: Config, doors: Doors = {}): Promise<string[]> {
  if (config.appEnv !== 'production') return [];
  const context = contextFor(config, 'start', doors);
  const refusals: string[] = [];
  for (const check of PREFLIGHT_CHECKS.filter((one) => one.fatal)) {
    const outcome = await runCheck(check, context);
    if (outcome.status === 'fail') refusals.push(checkLine(check.name, outcome));
  }
  return refusals;
}
