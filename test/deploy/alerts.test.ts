import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { alertRules, PROMETHEUS_DIR } from './alerts-file';

// promtool is a Go program: quick, but a busy machine can take seconds to start it.
jest.setTimeout(60_000);

/** Debian's, on PATH (.ci/run installs it). */
const PROMTOOL = 'promtool';
const found = spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8' });
const hasPromtool = found.status === 0;
if (!hasPromtool && process.env.CI) {
  throw new Error(`promtool is required with CI set (Debian's prometheus package): ${found.error}`);
}
if (!hasPromtool) {
  console.warn(
    'promtool not found (Debian: apt-get install prometheus): the alert rules are not tested',
  );
}
const withPromtool = hasPromtool ? describe : describe.skip;

/** promtool run in deploy/prometheus, its output given back on failure. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { cwd: PROMETHEUS_DIR, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface RuleTest {
  alertname: string;
  exp_alerts?: unknown[];
}

/** Each alert's cases in alerts.test.yml, firing or silent. */
function casesByAlert(): Map<string, { fires: number; silent: number }> {
  const text = readFileSync(path.join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8');
  const file = parse(text) as { tests: { alert_rule_test?: RuleTest[] }[] };
  const cases = new Map<string, { fires: number; silent: number }>();
  for (const test of file.tests) {
    for (const { alertname, exp_alerts } of test.alert_rule_test ?? []) {
      const seen = cases.get(alertname) ?? { fires: 0, silent: 0 };
      if ((exp_alerts ?? []).length > 0) seen.fires += 1;
      else seen.silent += 1;
      cases.set(alertname, seen);
    }
  }
  return cases;
}

withPromtool('deploy/prometheus/alerts.yml under promtool', () => {
  it('is loaded by the example configuration, prometheus.yml', () => {
    const check = promtool('check', 'config', 'prometheus.yml');
    if (check.status !== 0) throw new Error(check.output);
    expect(check.output).toContain('SUCCESS: 1 rule files found');
  });

  it('is a valid rule file', () => {
    const check = promtool('check', 'rules', 'alerts.yml');
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });

  it('passes its unit tests (alerts.test.yml): each rule fires when it should, and only then', () => {
    const run = promtool('test', 'rules', 'alerts.test.yml');
    if (run.status !== 0) throw new Error(run.output);
    expect(run.output).toContain('SUCCESS');
  });
});

describe('the alert rules', () => {
  const rules = alertRules();

  it('cover what the person on call must hear about', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual(
      [
        'PortalDown',
        'PortalAbsent',
        'ScrapeTargetDown',
        'HighErrorRatio',
        'HighLatencyP99',
        'DatabaseUnavailable',
        'PaymentsStuckPending',
        'CallbacksRefusedBurst',
        'GatewayCallsFailing',
        'SmsSendsFailing',
        'JobOverdue',
        'AuditCheckpointOverdue',
        'BackupTooOld',
        'DatabasePoolNearFull',
        'ConnectionsNearCap',
      ].sort(),
    );
  });

  it('each have a case that fires and a case that stays silent', () => {
    const cases = casesByAlert();
    for (const { alert } of rules) {
      const seen = cases.get(alert) ?? { fires: 0, silent: 0 };
      expect({ alert, fires: seen.fires > 0, silent: seen.silent > 0 }).toEqual({
        alert,
        fires: true,
        silent: true,
      });
    }
  });

  it('each have a severity, a summary and a runbook that docs/production.md has', () => {
    const production = readFileSync(
      path.resolve(PROMETHEUS_DIR, '..', '..', 'docs', 'production.md'),
      'utf8',
    );
    const headings = new Set(
      [...production.matchAll(/^#+ (.+)$/gm)].map(([, title]) =>
        title
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const rule of rules) {
      expect(['page', 'ticket']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary?.length).toBeGreaterThan(20);
      const runbook = rule.annotations?.runbook_url ?? '';
      expect(runbook).toBe(`docs/production.md#${rule.alert.toLowerCase()}`);
      expect({ alert: rule.alert, documented: headings.has(rule.alert.toLowerCase()) }).toEqual({
        alert: rule.alert,
        documented: true,
      });
    }
  });
});
