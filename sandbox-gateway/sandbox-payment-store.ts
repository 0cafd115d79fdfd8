import { type Database } from '../adapters/postgres/database';

export type SandboxStatus = 'pending' | 'completed' | 'failed';

export interface SandboxPayment {
  transactionId: string;
  clientId: string;
  amount: string;
  returnUrl: string;
  callbackUrl: string;
  sessionTokenHash: string;
  status: SandboxStatus;
  createdAt: Date;
  decidedAt: Date | null;
  callbackAttempts: number;
  callbackAcknowledgedAt: Date | null;
}

interface Row {
  transaction_id: string;
  client_id: string;
  amount: string;
  return_url: string;
  callback_url: string;
  session_token_hash: string;
  status: SandboxStatus;
  created_at: Date;
  decided_at: Date | null;
  callback_attempts: number;
  callback_acknowledged_at: Date | null;
}

const COLUMNS =
  'transaction_id, client_id, amount, return_url, callback_url, session_token_hash, status, created_at, decided_at, callback_attempts, callback_acknowledged_at';

export type SeenResult =
  | { kind: 'pending'; payment: SandboxPayment }
  /** The gateway already has a decision for this payment: the page is not offered again. */
  | { kind: 'decided'; payment: SandboxPayment };

/** The sandbox gateway's own books (table sandbox_payments); it never reads the API's tables. */
export class SandboxPaymentStore {
  constructor(private readonly db: Database) {}

  /**
   * Records a signed hand-off. A re-post while still pending (a reload, a second tab) hands the
   * decision to the newest tab by replacing the session token.
   */
  async recordHandOff(
    payment: Pick<
      SandboxPayment,
      'transactionId' | 'clientId' | 'amount' | 'returnUrl' | 'callbackUrl' | 'sessionTokenHash'
    >,
    now: Date,
  ): Promise<SeenResult> {
    const rows = await this.db.query<Row>(
      `INSERT INTO sandbox_payments
         (transaction_id, client_id, amount, return_url, callback_url, session_token_hash, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)
       ON CONFLICT (transaction_id) DO UPDATE SET session_token_hash = EXCLUDED.session_token_hash
         WHERE sandbox_payments.status = 'pending'
       RETURNING ${COLUMNS}`,
      [
        payment.transactionId,
        payment.clientId,
        payment.amount,
        payment.returnUrl,
        payment.callbackUrl,
        payment.sessionTokenHash,
        now,
      ],
    );
    if (rows.length === 1) return { kind: 'pending', payment: toPayment(rows[0]) };
    const existing = await this.find(payment.transactionId);
    if (!existing) throw new Error('sandbox payment vanished');
    return { kind: 'decided', payment: existing };
  }

  async find(transactionId: string): Promise<SandboxPayment | null> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM sandbox_payments WHERE transaction_id = $1`,
      [transactionId],
    );
    return rows.length === 1 ? toPayment(rows[0]) : null;
  }

  /** pending -> decision, once; false when it was already decided. */
  async decide(
    transactionId: string,
    status: Exclude<SandboxStatus, 'pending'>,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE sandbox_payments SET status = $2, decided_at = $3
        WHERE transaction_id = $1 AND status = 'pending'
        RETURNING transaction_id`,
      [transactionId, status, now],
    );
    return rows.length === 1;
  }

  async countAttempt(transactionId: string, acknowledgedAt: Date | null): Promise<void> {
    await this.db.query(
      `UPDATE sandbox_payments
          SET callback_attempts = callback_attempts + 1,
              callback_acknowledged_at = COALESCE(callback_acknowledged_at, $2)
        WHERE transaction_id = $1`,
      [transactionId, acknowledgedAt],
    );
  }
}

function toPayment(row: Row): SandboxPayment {
  return {
    transactionId: row.transaction_id,
    clientId: row.client_id,
    amount: row.amount,
    returnUrl: row.return_url,
    callbackUrl: row.callback_url,
    sessionTokenHash: row.session_token_hash,
    status: row.status,
    createdAt: new Date(row.created_at),
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
    callbackAttempts: Number(row.callback_attempts),
    callbackAcknowledgedAt: row.callback_acknowledged_at
      ? new Date(row.callback_acknowledged_at)
      : null,
  };
}
