import {
  type ClaimedSms,
  type QueuedSms,
  type SentSms,
  type SmsSendQueue,
  type SmsSettlement,
} from '../../ports/sms-send-queue.port';
import { type Database } from './database';

interface ClaimedRow {
  code_id: string;
  request_id: string;
  phone_no: string;
  sealed_text: string | null;
  attempts: number;
  expires_at: Date;
  was: 'pending' | 'sending';
}

/**
 * The send queue in sms_outbox. A claim is one statement: the due rows are locked with SKIP
 * LOCKED (two instances never claim one message) and marked `sending` with `due_at` moved to the
 * end of their lease, so a `sending` row past its `due_at` is an attempt that never settled.
 */
export class PostgresSmsMessageQueue implements SmsSendQueue {
  constructor(private readonly db: Database) {}

  async enqueue(message: QueuedSms): Promise<void> {
    await this.db.query(
      `INSERT INTO sms_outbox (code_id, request_id, sealed_text, state, due_at, expires_at)
       VALUES ($1, $2, $3, 'pending', $4, $5)`,
      [message.codeId, message.requestId, message.sealedText, message.dueAt, message.expiresAt],
    );
  }

  async claimDue(
    now: Date,
    leaseMs: number,
    limit: number,
    codeId?: string,
  ): Promise<ClaimedSms[]> {
    const rows = await this.db.query<ClaimedRow>(
      `UPDATE sms_outbox o
          SET state = 'sending', attempts = o.attempts + 1, due_at = $2
         FROM (SELECT code_id, state AS was FROM sms_outbox
                WHERE state IN ('pending', 'sending') AND due_at <= $1
                  AND ($4::uuid IS NULL OR code_id = $4::uuid)
                ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED) d
         JOIN sms_codes c ON c.id = d.code_id
        WHERE o.code_id = d.code_id
        RETURNING o.code_id, o.request_id, c.phone_no, o.sealed_text, o.attempts, o.expires_at,
                  d.was`,
      [now, new Date(now.getTime() + leaseMs), limit, codeId ?? null],
    );
    return rows.map((row) => ({
      codeId: row.code_id,
      requestId: row.request_id,
      phoneNo: row.phone_no,
      sealedText: row.sealed_text,
      attempts: row.attempts,
      expiresAt: new Date(row.expires_at),
      interrupted: row.was === 'sending',
    }));
  }

  async settle(codeId: string, settlement: SmsSettlement): Promise<void> {
    if (settlement.state === 'pending') {
      await this.db.query(
        `UPDATE sms_outbox SET state = 'pending', due_at = $2 WHERE code_id = $1`,
        [codeId, settlement.dueAt],
      );
      return;
    }
    await this.db.query(`UPDATE sms_outbox SET state = $2, sealed_text = NULL WHERE code_id = $1`, [
      codeId,
      settlement.state,
    ]);
  }

  async forgetRequest(requestId: string): Promise<void> {
    await this.db.query(`DELETE FROM sms_requests WHERE id = $1`, [requestId]);
  }

  async findSent(providerMessageId: string): Promise<SentSms | null> {
    const [row] = await this.db.query<{ created_at: Date; delivery_status: string | null }>(
      `SELECT created_at, delivery_status FROM sms_codes WHERE provider_message_id = $1 LIMIT 1`,
      [providerMessageId],
    );
    return row
      ? { requestedAt: new Date(row.created_at), delivered: row.delivery_status === 'delivered' }
      : null;
  }
}
