import { inject, injectable } from 'inversify';
import type {
  AuditChainStatus,
  AuditEntryDto,
  AuditListResponse,
  AuditQuery,
} from '../../../../../src/contract/ops-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { auditExportHref, type AuditUseCase } from '../../../domain/use-cases/audit.use-case';
import { failureText } from '../../shared/failure-text';
import { API_BASE, AUDIT } from '../../shared/tokens';

export type AuditFilter = 'operator' | 'action' | 'target' | 'from' | 'to';

/** An entry's target as the page shows it: a name where there is one, the id beside it. */
export interface AuditTarget {
  /** The kind's label key (`audit.targetType.*`); its code is `type`, the label's fallback. */
  typeKey: string;
  type: string;
  /** The operator's name, the member's masked name, the receipt number; null when none. */
  name: string | null;
  id: string | null;
}

/**
 * The audit page: entries filtered by operator, action, target and dates, newest first a page
 * at a time, whether the hash chain verifies (or its first bad entry), a checkpoint on demand,
 * and the export of the same entries as JSON Lines.
 */
@injectable()
export class AuditViewModel {
  filters: Record<AuditFilter, string> = { operator: '', action: '', target: '', from: '', to: '' };
  items: AuditEntryDto[] = [];
  /** The shown entries' targets by name (the API's target_labels), kept over "Load more". */
  private labels: Record<string, string> = {};
  chain: AuditChainStatus | null = null;
  nextCursor: string | null = null;
  loading = false;
  failure: string | null = null;
  checkpointDone = false;
  /** Why the last export did not download, as an i18n key; null when it did. */
  exportFailure: string | null = null;
  /** The filters the shown entries answer. */
  private shown: AuditQuery = {};

  constructor(
    @inject(AUDIT) private readonly audit: AuditUseCase,
    @inject(API_BASE) private readonly apiBase: string,
  ) {
    observeExcept(this, ['audit', 'apiBase', 'shown']);
  }

  setFilter(filter: AuditFilter, value: string): void {
    this.filters = { ...this.filters, [filter]: value };
  }

  /** The dates as the Malaysia day's start and end (the console's one zone), as ISO times. */
  private query(): AuditQuery {
    const { from, to, ...rest } = this.filters;
    const day = (value: string, end: boolean) =>
      value === ''
        ? ''
        : new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}+08:00`).toISOString();
    return { ...rest, from: day(from, false), to: day(to, true) };
  }

  get exportHref(): string {
    return auditExportHref(this.apiBase, this.query());
  }

  /** The export, fetched with the CSRF header (a plain link cannot send it) and saved. */
  async download(): Promise<void> {
    const answer = await this.audit.download(this.exportHref);
    this.exportFailure = answer.ok ? null : failureText(answer.error);
  }

  async search(): Promise<void> {
    if (this.loading) return;
    this.shown = this.query();
    this.begin();
    const answer = await this.audit.list(this.shown);
    if (answer.ok) this.show(answer.value, false);
    else this.fail(failureText(answer.error));
  }

  /** What the entry was done to, by name where the API gave one; null for no target. */
  targetOf(entry: AuditEntryDto): AuditTarget | null {
    if (entry.target_type === null) return null;
    const type = entry.target_type;
    const name = entry.target_id === null ? null : this.labels[`${type}:${entry.target_id}`];
    return { typeKey: `audit.targetType.${type}`, type, name: name ?? null, id: entry.target_id };
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.nextCursor === null) return;
    this.begin();
    const answer = await this.audit.list({ ...this.shown, cursor: this.nextCursor });
    if (answer.ok) this.show(answer.value, true);
    else this.fail(failureText(answer.error));
  }

  async checkpoint(): Promise<void> {
    if (this.loading) return;
    this.begin();
    this.checkpointDone = false;
    const answer = await this.audit.checkpoint();
    if (!answer.ok) {
      this.fail(failureText(answer.error));
      return;
    }
    this.markCheckpoint();
    await this.search();
  }

  private begin(): void {
    this.loading = true;
    this.failure = null;
  }

  private markCheckpoint(): void {
    this.loading = false;
    this.checkpointDone = true;
  }

  private show(page: AuditListResponse, append: boolean): void {
    this.items = append ? [...this.items, ...page.items] : page.items;
    this.labels = append ? { ...this.labels, ...page.target_labels } : page.target_labels;
    this.nextCursor = page.next_cursor;
    this.chain = page.chain;
    this.loading = false;
  }

  private fail(failure: string): void {
    this.loading = false;
    this.failure = failure;
  }
}
