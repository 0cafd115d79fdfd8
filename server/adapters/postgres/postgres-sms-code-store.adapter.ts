import { type SmsPurpose } from '../../../src/contract/rules';
import { type SmsCodeRecord } from '../../domain/sms-code-policy';
import {
  movesOn,
  type SmsDeliveryRecord,
  type SmsDeliveryStatus,
  type SmsDeliveryUpdate,
} from '../../domain/sms-delivery';
import { type SmsCodeStore, type SmsRequestRecord } from '../../ports/sms-code-store.port';
import { type Database } from './database';
import { deleteRowsBefore } from './delete-rows-before';

interface SmsCodeRow {
  id: string;
  phone_no: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export class PostgresSmsCodeStore implements SmsCodeStore {
  constructor(private readonly db: Database) {}

  async lockPhone(phoneNo: string): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${phoneNo}`]);
  }

  async lockAddress(clientAddress: string): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `sms-address:${clientAddress}`,
    ]);
  }

  async latest(phoneNo: string, purpose: SmsPurpose, lock = false): Promise<SmsCodeRecord | null> {
    const rows = await this.db.query<SmsCodeRow>(
      `SELECT id, phone_no, purpose, code_hash, attempts, created_at, expires_at, consumed_at
         FROM sms_codes WHERE phone_no = $1 AND purpose = $2
        ORDER BY created_at DESC, id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [phoneNo, purpose],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      phoneNo: row.phone_no,
      purpose: row.purpose as SmsPurpose,
      codeHash: row.code_hash,
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      consumedAt: row.consumed_at === null ? null : new Date(row.consumed_at),
    };
  }

  async insert(code: SmsCodeRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO sms_codes (id, phone_no, purpose, code_hash, attempts, created_at, expires_at, consumed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        code.id,
        code.phoneNo,
        code.purpose,
        code.codeHash,
        code.attempts,
        code.createdAt,
        code.expiresAt,
        code.consumedAt,
      ],
    );
  }

  async recordWrongAttempt(id: string): Promise<void> {
    await this.db.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
  }

  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE sms_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id',
      [id, now],
    );
    return rows.length === 1;
  }

  async recordRequest(request: SmsRequestRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO sms_requests (id, phone_no, purpose, client_address, requested_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [request.id, request.phoneNo, request.purpose, request.clientAddress, request.requestedAt],
    );
  }

  async lastRequestAt(phoneNo: string, purpose: SmsPurpose): Promise<Date | null> {
    const rows = await this.db.query<{ at: Date | null }>(
      'SELECT max(requested_at) AS at FROM sms_requests WHERE phone_no = $1 AND purpose = $2',
      [phoneNo, purpose],
    );
    const at = rows[0]?.at ?? null;
    return at === null ? null : new Date(at);
  }

  requestTimesForPhone(phoneNo: string, since: Date): Promise<Date[]> {
    return this.times(
      `SELECT requested_at AS at FROM sms_requests
        WHERE phone_no = $1 AND requested_at > $2 ORDER BY requested_at`,
      [phoneNo, since],
    );
  }

  requestTimesForAddress(clientAddress: string, since: Date): Promise<Date[]> {
    return this.times(
      `SELECT requested_at AS at FROM sms_requests
        WHERE client_address = $1 AND requested_at > $2 ORDER BY requested_at`,
      [clientAddress, since],
    );
  }

  deleteCodesExpiredBefore(cutoff: Date, limit: number): Promise<number> {
    return deleteRowsBefore(this.db, 'sms_codes', 'expires_at', cutoff, limit);
  }

  deleteRequestsBefore(cutoff: Date, limit: number): Promise<number> {
    return deleteRowsBefore(this.db, 'sms_requests', 'requested_at', cutoff, limit);
  }

  async recordSend(
    codeId: string,
    update: SmsDeliveryUpdate & { providerMessageId: string | null },
  ): Promise<void> {
    await this.db.query(
      `UPDATE sms_codes SET delivery_status = $2, provider_message_id = $3, delivery_error = $4,
              delivery_at = $5
        WHERE id = $1`,
      [codeId, update.status, update.providerMessageId, update.error, update.at],
    );
  }

  async recordDeliveryReport(
    providerMessageId: string,
    update: SmsDeliveryUpdate,
  ): Promise<boolean> {
    // Locked, so that two reports for one message (they come close together) apply in turn.
    const rows = await this.db.query<{ id: string; delivery_status: SmsDeliveryStatus | null }>(
      `SELECT id, delivery_status FROM sms_codes WHERE provider_message_id = $1 FOR UPDATE`,
      [providerMessageId],
    );
    for (const row of rows) {
      if (!movesOn(update.status, row.delivery_status)) continue;
      await this.db.query(
        `UPDATE sms_codes SET delivery_status = $2, delivery_error = $3, delivery_at = $4
          WHERE id = $1`,
        [row.id, update.status, update.error, update.at],
      );
    }
    return rows.length > 0;
  }

  async recentDeliveries(phoneNo: string, limit: number): Promise<SmsDeliveryRecord[]> {
    const rows = await this.db.query<{
      id: string;
      purpose: SmsPurpose;
      created_at: Date;
      delivery_status: SmsDeliveryStatus | null;
      delivery_error: string | null;
      delivery_at: Date | null;
    }>(
      `SELECT id, purpose, created_at, delivery_status, delivery_error, delivery_at
         FROM sms_codes WHERE phone_no = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [phoneNo, limit],
    );
    return rows.map((row) => ({
      codeId: row.id,
      purpose: row.purpose,
      requestedAt: new Date(row.created_at),
      status: row.delivery_status,
      error: row.delivery_error,
      at: row.delivery_at === null ? null : new Date(row.delivery_at),
    }));
  }

  private async times(text: string, params: unknown[]): Promise<Date[]> {
    const rows = await this.db.query<{ at: Date }>(text, params);
    return rows.map((row) => new Date(row.at));
  }
}
