import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** deploy/prometheus: the alert rules and their promtool unit tests. */
export const PROMETHEUS_DIR = path.resolve(__dirname, '..', '..', 'deploy', 'prometheus');

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** Every alerting rule of deploy/prometheus/alerts.yml, all groups together. */
export function alertRules(): AlertRule[] {
  const file = parse(readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as {
    groups: { rules: AlertRule[] }[];
  };
  return file.groups.flatMap((group) => group.rules);
}
