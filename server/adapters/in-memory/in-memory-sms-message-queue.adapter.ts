import {
  type ClaimedSms,
  type QueuedSms,
  type SentSms,
  type SmsSendQueue,
  type SmsSettlement,
} from '../../ports/sms-send-queue.port';
import { InMemoryTable, type InMemoryTables, type UndoJournal } from './in-memory-tables';

interface OutboxRow extends QueuedSms {
  state: 'pending' | 'sending' | 'sent' | 'failed';
  sealedText: string;
  settled: boolean;
  attempts: number;
}

/**
 * sms_outbox for one set of tables, kept beside them (a database's table is its own too): the
 * tables' other users never read it.
 */
const outboxes = new WeakMap<InMemoryTables, InMemoryTable<OutboxRow>>();

function outboxOf(tables: InMemoryTables): InMemoryTable<OutboxRow> {
  let outbox = outboxes.get(tables);
  if (!outbox) {
    outbox = new InMemoryTable<OutboxRow>('sms_outbox');
    outboxes.set(tables, outbox);
  }
  return outbox;
}

/** The send queue as PostgresSmsMessageQueue keeps it, on the in-memory tables. */
export class InMemorySmsMessageQueue implements SmsSendQueue {
  private readonly outbox: InMemoryTable<OutboxRow>;

  constructor(
    private readonly tables: InMemoryTables,
    private readonly journal?: UndoJournal,
  ) {
    this.outbox = outboxOf(tables);
  }

  async enqueue(message: QueuedSms): Promise<void> {
    const row = { ...message, state: 'pending' as const, settled: false, attempts: 0 };
    this.outbox.insert(message.codeId, row, this.journal);
  }

  async claimDue(
    now: Date,
    leaseMs: number,
    limit: number,
    codeId?: string,
  ): Promise<ClaimedSms[]> {
    const due = this.outbox
      .find(
        (row) =>
          (row.state === 'pending' || row.state === 'sending') &&
          row.dueAt <= now &&
          (codeId === undefined || row.codeId === codeId) &&
          // A purged code takes its message with it (ON DELETE CASCADE).
          this.tables.smsCodes.has(row.codeId),
      )
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
      .slice(0, limit);
    return due.map((row) => {
      const attempts = row.attempts + 1;
      const dueAt = new Date(now.getTime() + leaseMs);
      this.outbox.update(
        row.codeId,
        (r) => ({ ...r, state: 'sending', attempts, dueAt }),
        this.journal,
      );
      return {
        codeId: row.codeId,
        requestId: row.requestId,
        phoneNo: this.tables.smsCodes.get(row.codeId)?.phoneNo ?? '',
        sealedText: row.settled ? null : row.sealedText,
        attempts,
        expiresAt: new Date(row.expiresAt),
        interrupted: row.state === 'sending',
      };
    });
  }

  async settle(codeId: string, settlement: SmsSettlement): Promise<void> {
    this.outbox.update(
      codeId,
      (row) =>
        settlement.state === 'pending'
          ? { ...row, state: 'pending', dueAt: settlement.dueAt }
          : { ...row, state: settlement.state, settled: true, sealedText: '' },
      this.journal,
    );
  }

  async forgetRequest(requestId: string): Promise<void> {
    this.tables.smsRequests.delete(requestId, this.journal);
  }

  async findSent(providerMessageId: string): Promise<SentSms | null> {
    const [row] = this.tables.smsDeliveries.find((r) => r.providerMessageId === providerMessageId);
    const code = row && this.tables.smsCodes.get(row.codeId);
    return code
      ? { requestedAt: new Date(code.createdAt), delivered: row.status === 'delivered' }
      : null;
  }
}
