import { type SmsPurpose } from '../../../src/contract/rules';
import { type SmsCodeRecord } from '../../domain/sms-code-policy';
import { movesOn, type SmsDeliveryRecord, type SmsDeliveryUpdate } from '../../domain/sms-delivery';
import { type SmsCodeStore, type SmsRequestRecord } from '../../ports/sms-code-store.port';
import { type InMemoryTables, type UndoJournal } from './in-memory-tables';

/**
 * SMS codes and code requests in memory, with PostgresSmsCodeStore's rules. The locks are no-ops:
 * the in-memory unit of work runs one unit at a time, which already serialises what
 * `lockPhone`, `lockAddress` and `latest(..., lock)` serialise on PostgreSQL.
 */
export class InMemorySmsCodeStore implements SmsCodeStore {
  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {}

  async lockPhone(): Promise<void> {}

  async lockAddress(): Promise<void> {}

  async latest(phoneNo: string, purpose: SmsPurpose): Promise<SmsCodeRecord | null> {
    // ORDER BY created_at DESC, id DESC: uuids compare as their lower-case text does.
    const newest = this.tables.smsCodes
      .find((code) => code.phoneNo === phoneNo && code.purpose === purpose)
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          compareText(b.id.toLowerCase(), a.id.toLowerCase()),
      )[0];
    return newest === undefined ? null : structuredClone(newest);
  }

  async insert(code: SmsCodeRecord): Promise<void> {
    this.tables.smsCodes.insert(code.id, code, this.journal);
  }

  async recordWrongAttempt(id: string): Promise<void> {
    this.tables.smsCodes.update(
      id,
      (code) => ({ ...code, attempts: code.attempts + 1 }),
      this.journal,
    );
  }

  async consume(id: string, now: Date): Promise<boolean> {
    // Conditional, like `WHERE consumed_at IS NULL`: only the first caller marks it used.
    const unused = this.tables.smsCodes.get(id)?.consumedAt === null;
    if (!unused) return false;
    this.tables.smsCodes.update(id, (code) => ({ ...code, consumedAt: now }), this.journal);
    return true;
  }

  async recordRequest(request: SmsRequestRecord): Promise<void> {
    this.tables.smsRequests.insert(request.id, request, this.journal);
  }

  async lastRequestAt(phoneNo: string, purpose: SmsPurpose): Promise<Date | null> {
    const times = this.tables.smsRequests
      .find((request) => request.phoneNo === phoneNo && request.purpose === purpose)
      .map((request) => request.requestedAt.getTime());
    return times.length === 0 ? null : new Date(Math.max(...times));
  }

  async requestTimesForPhone(phoneNo: string, since: Date): Promise<Date[]> {
    return this.requestTimes((request) => request.phoneNo === phoneNo, since);
  }

  async requestTimesForAddress(clientAddress: string, since: Date): Promise<Date[]> {
    return this.requestTimes((request) => request.clientAddress === clientAddress, since);
  }

  async deleteCodesExpiredBefore(cutoff: Date, limit: number): Promise<number> {
    const expired = this.tables.smsCodes.find((code) => code.expiresAt < cutoff).slice(0, limit);
    for (const { id } of expired) {
      this.tables.smsCodes.delete(id, this.journal);
      this.tables.smsDeliveries.delete(id, this.journal);
    }
    return expired.length;
  }

  async deleteRequestsBefore(cutoff: Date, limit: number): Promise<number> {
    const old = this.tables.smsRequests
      .find((request) => request.requestedAt < cutoff)
      .slice(0, limit);
    for (const { id } of old) this.tables.smsRequests.delete(id, this.journal);
    return old.length;
  }

  async recordSend(
    codeId: string,
    update: SmsDeliveryUpdate & { providerMessageId: string | null },
  ): Promise<void> {
    if (!this.tables.smsCodes.has(codeId)) return;
    const { providerMessageId, ...delivery } = update;
    const row = { codeId, providerMessageId, ...delivery };
    if (this.tables.smsDeliveries.has(codeId)) {
      this.tables.smsDeliveries.update(codeId, () => row, this.journal);
    } else {
      this.tables.smsDeliveries.insert(codeId, row, this.journal);
    }
  }

  async recordDeliveryReport(
    providerMessageId: string,
    update: SmsDeliveryUpdate,
  ): Promise<boolean> {
    const rows = this.tables.smsDeliveries.find(
      (row) => row.providerMessageId === providerMessageId && this.tables.smsCodes.has(row.codeId),
    );
    for (const row of rows) {
      if (!movesOn(update.status, row.status)) continue;
      this.tables.smsDeliveries.update(row.codeId, (r) => ({ ...r, ...update }), this.journal);
    }
    return rows.length > 0;
  }

  async recentDeliveries(phoneNo: string, limit: number): Promise<SmsDeliveryRecord[]> {
    return this.tables.smsCodes
      .find((code) => code.phoneNo === phoneNo)
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          compareText(b.id.toLowerCase(), a.id.toLowerCase()),
      )
      .slice(0, limit)
      .map((code) => {
        const delivery = this.tables.smsDeliveries.get(code.id);
        return {
          codeId: code.id,
          purpose: code.purpose,
          requestedAt: new Date(code.createdAt),
          status: delivery?.status ?? null,
          error: delivery?.error ?? null,
          at: delivery ? new Date(delivery.at) : null,
        };
      });
  }

  private requestTimes(test: (request: SmsRequestRecord) => boolean, since: Date): Date[] {
    return this.tables.smsRequests
      .find((request) => test(request) && request.requestedAt > since)
      .map((request) => new Date(request.requestedAt))
      .sort((a, b) => a.getTime() - b.getTime());
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
