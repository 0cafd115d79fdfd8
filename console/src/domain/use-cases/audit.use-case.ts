import { OpsPaths, type AuditQuery } from '../../../../src/contract/ops-api';
import { toAuditPage, type AuditPage } from '../model/audit';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';

/** The filters as sent: empty ones left out, dates as the server reads them. */
export function auditQueryOf(filters: AuditQuery): AuditQuery {
  const query: AuditQuery = {};
  for (const key of ['operator', 'action', 'target', 'from', 'to', 'cursor'] as const) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** The export's address under the API's base, with the same filters (no cursor: all of them). */
export function auditExportHref(apiBase: string, filters: AuditQuery): string {
  const { cursor: _cursor, ...rest } = auditQueryOf(filters);
  const search = new URLSearchParams(rest as Record<string, string>).toString();
  return `${apiBase}${OpsPaths.auditExport}${search ? `?${search}` : ''}`;
}

/** The audit log: filtered pages with the chain's status, and a checkpoint on demand. */
export class AuditUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  async list(filters: AuditQuery): Promise<OpsResult<AuditPage>> {
    const answer = await this.http.call('audit', auditQueryOf(filters));
    return answer.ok ? { ok: true, value: toAuditPage(answer.value) } : answer;
  }

  checkpoint(): Promise<OpsResult<unknown>> {
    return this.http.call('auditCheckpoint', undefined);
  }

  /** The JSON Lines export at `href` (auditExportHref), saved by the browser. */
  download(href: string): Promise<OpsResult<null>> {
    return this.http.download(href, 'audit.jsonl');
  }
}
