import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { AuditQuery } from '../../../../../src/contract/ops-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { AuditChain, AuditEntry, AuditPage } from '../../../domain/model/audit';
import type { OpsResult } from '../../../domain/ports/ops-http.port';
import { auditExportHref, type AuditUseCase } from '../../../domain/use-cases/audit.use-case';
import { failureText } from '../../shared/failure-text';
import { API_BASE, AUDIT } from '../../shared/tokens';

export type AuditFilter = 'operator' | 'action' | 'target' | 'from' | 'to';
/** Idle, reading entries (the first page or the next), or writing a checkpoint. */
export type AuditStatus = 'idle' | 'loading' | 'checkpointing';

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
  items: AuditEntry[] = [];
  /** The shown entries' targets by name (the page's targetLabels), kept over "Load more". */
  private labels: Record<string, string> = {};
  chain: AuditChain | null = null;
  nextCursor: string | null = null;
  status: AuditStatus = 'idle';
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

  get loading(): boolean {
    return this.status !== 'idle';
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
    runInAction(() => (this.exportFailure = answer.ok ? null : failureText(answer.error)));
  }

  /** The first page of the entries the filters find, in place of those shown. */
  async load(): Promise<void> {
    if (this.loading) return;
    this.shown = this.query();
    this.begin('loading');
    const answer = await this.audit.list(this.shown);
    runInAction(() => this.settle(answer, false));
  }

  /** What the entry was done to, by name where the API gave one; null for no target. */
  targetOf(entry: AuditEntry): AuditTarget | null {
    if (entry.targetType === null) return null;
    const type = entry.targetType;
    const name = entry.targetId === null ? null : this.labels[`${type}:${entry.targetId}`];
    return { typeKey: `audit.targetType.${type}`, type, name: name ?? null, id: entry.targetId };
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.nextCursor === null) return;
    this.begin('loading');
    const answer = await this.audit.list({ ...this.shown, cursor: this.nextCursor });
    runInAction(() => this.settle(answer, true));
  }

  async checkpoint(): Promise<void> {
    if (this.loading) return;
    this.begin('checkpointing');
    this.checkpointDone = false;
    const answer = await this.audit.checkpoint();
    runInAction(() => {
      this.status = 'idle';
      if (answer.ok) this.checkpointDone = true;
      else this.failure = failureText(answer.error);
    });
    if (answer.ok) await this.load();
  }

  private begin(status: Exclude<AuditStatus, 'idle'>): void {
    this.status = status;
    this.failure = null;
  }

  /** A page read: its entries shown (appended for "Load more"), or why it could not be read. */
  private settle(answer: OpsResult<AuditPage>, append: boolean): void {
    this.status = 'idle';
    if (!answer.ok) {
      this.failure = failureText(answer.error);
      return;
    }
    const page = answer.value;
    this.items = append ? [...this.items, ...page.items] : page.items;
    this.labels = append ? { ...this.labels, ...page.targetLabels } : page.targetLabels;
    this.nextCursor = page.nextCursor;
    this.chain = page.chain;
  }
}
