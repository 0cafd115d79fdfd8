import { readFileSync } from 'node:fs';
import path from 'node:path';

/** deploy/grafana/portal.json, the Grafana dashboard. */
export const DASHBOARD = path.resolve(__dirname, '..', '..', 'deploy', 'grafana', 'portal.json');

export interface Panel {
  id: number;
  type: string;
  title: string;
  targets?: { refId: string; expr: string }[];
}

export function dashboardPanels(): Panel[] {
  return (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] }).panels;
}

/** PromQL's words that are neither metrics nor followed by parentheses as functions are. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, range
 * and subquery brackets and grouping clauses are taken out, less functions (a name followed by a
 * parenthesis), operators' keywords, numbers and durations (`5m`). Enough for the expressions of this repository's
 * rules and dashboard, not a parser of every PromQL form.
 */
export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.:$])[A-Za-z_:][\w:]*(?=\s*(\(?))/g)) {
    const [name, parenthesis] = [match[0], match[1]];
    if (parenthesis === '(' || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}
