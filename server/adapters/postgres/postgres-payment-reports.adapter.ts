import { type PaymentStatus } from '../../../src/contract/payment';
import { type PaymentFilter } from '../../domain/ops/payment-filter';
import {
  type Figures,
  type PaymentExportRow,
  type PaymentReports,
  type ReportDay,
} from '../../ports/payment-reports.port';
import { cursorBatches } from './cursor-batches';
import { type Database } from './database';
import { paymentFilterSql } from './payment-filter-sql';

/** A timestamptz's Malaysia calendar day (UTC+8, no daylight saving), as YYYY-MM-DD. */
const malaysiaDaySql = (column: string) =>
  `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

type Kind = Exclude<keyof ReportDay, 'day'>;

interface CountRow {
  day: string;
  kind: Kind;
  n: number;
  sen: string | number;
}

interface ExportRow {
  id: string;
  receipt_number: string | null;
  gateway: string;
  gateway_ref: string | null;
  member_id: string;
  amount_sen: number;
  refunded_sen: string | number;
  status: PaymentStatus;
  created_at: Date;
  finalised_at: Date | null;
}

type KeysetRow = ExportRow & { created_key: string };

const EXPORT_COLUMNS = `t.id, t.receipt_number, t.gateway, t.gateway_ref, t.member_id, t.amount_sen,
  t.status, t.created_at, t.finalised_at,
  coalesce((SELECT sum(r.amount_sen) FROM refunds r
             WHERE r.transaction_id = t.id AND r.status = 'refunded'), 0) AS refunded_sen`;

/**
 * A text cell as payment-export-csv.ts writes it: one starting with what a spreadsheet would run
 * as a formula gets a leading ', and an empty one is NULL, which COPY writes unquoted.
 */
const cellSql = (value: string) => {
  const column = `${value}::text`;
  return `CASE WHEN ${column} = '' THEN NULL
        WHEN left(${column}, 1) IN ('-', '=', '+', '@', E'\\t', E'\\r', '－', '＝', '＋', '＠')
        THEN '''' || ${column} ELSE ${column} END`;
};

/** Whole sen as ringgit with two decimals (formatSen). */
const ringgitSql = (sen: string) =>
  `((${sen}) / 100)::text || '.' || lpad(((${sen}) % 100)::text, 2, '0')`;

/** A Malaysia wall-clock time, `2026-03-01 23:59:07`, to the second. */
const malaysiaTimeSql = (column: string) =>
  `to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS')`;

/** PAYMENT_EXPORT_COLUMNS, in order, as the export's CSV cells. */
const CSV_COLUMNS = `${cellSql('t.receipt_number')}, ${cellSql('t.id')}, ${cellSql('t.gateway')},
  ${cellSql('t.gateway_ref')}, ${cellSql('t.member_id')}, ${ringgitSql('t.amount_sen')},
  ${ringgitSql(`coalesce((SELECT sum(r.amount_sen) FROM refunds r
                           WHERE r.transaction_id = t.id AND r.status = 'refunded'), 0)`)},
  ${cellSql('t.status')}, ${malaysiaTimeSql('t.created_at')},
  CASE WHEN t.status = 'completed' THEN ${malaysiaTimeSql('t.finalised_at')} END`;

const toExportRow = (row: ExportRow): PaymentExportRow => ({
  transactionId: row.id,
  receiptNumber: row.receipt_number,
  gateway: row.gateway,
  gatewayRef: row.gateway_ref,
  memberId: row.member_id,
  amountSen: Number(row.amount_sen),
  refundedSen: Number(row.refunded_sen),
  status: row.status,
  createdAt: new Date(row.created_at),
  paidAt:
    row.status === 'completed' && row.finalised_at !== null ? new Date(row.finalised_at) : null,
});

/**
 * The reports in SQL (PostgreSQL and PGlite). The summary counts by range over indexed columns
 * (finalised_at, created_at, refunded_at). The export reads through a cursor on PostgreSQL and by
 * keyset pages over (created_at, id) on PGlite, whose one connection a cursor would hold.
 */
export class PostgresPaymentReports implements PaymentReports {
  constructor(private readonly db: Database) {}

  async summary(range: { from: Date; until: Date }): Promise<ReportDay[]> {
    const rows = await this.db.query<CountRow>(
      `SELECT ${malaysiaDaySql('finalised_at')} AS day, 'completed' AS kind,
              count(*)::int AS n, sum(amount_sen)::bigint AS sen
         FROM transactions
        WHERE finalised_at >= $1 AND finalised_at < $2 AND status = 'completed'
        GROUP BY 1
       UNION ALL
       SELECT ${malaysiaDaySql('created_at')}, status, count(*)::int, sum(amount_sen)::bigint
         FROM transactions
        WHERE created_at >= $1 AND created_at < $2 AND status IN ('failed', 'pending')
        GROUP BY 1, 2
       UNION ALL
       SELECT ${malaysiaDaySql('refunded_at')}, 'refunded', count(*)::int, sum(amount_sen)::bigint
         FROM refunds
        WHERE refunded_at >= $1 AND refunded_at < $2 AND status = 'refunded'
        GROUP BY 1`,
      [range.from, range.until],
    );
    const days = new Map<string, ReportDay>();
    for (const row of rows) {
      const day = days.get(row.day) ?? emptyDay(row.day);
      day[row.kind] = { count: Number(row.n), amountSen: Number(row.sen) };
      days.set(row.day, day);
    }
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  exportRows(filter: PaymentFilter, batchSize: number): AsyncGenerator<PaymentExportRow[]> {
    if (this.db.kind === 'postgres') {
      const where = paymentFilterSql(filter, 1);
      const sql = `SELECT ${EXPORT_COLUMNS} FROM transactions t
                    WHERE ${where.sql} ORDER BY t.created_at DESC, t.id DESC`;
      return mapBatches(cursorBatches<ExportRow>(this.db, sql, where.params, batchSize));
    }
    return this.keysetBatches(filter, batchSize);
  }

  exportCsv(filter: PaymentFilter): AsyncGenerator<Uint8Array> | null {
    if (this.db.copyCsvOut === undefined) return null;
    const where = paymentFilterSql(filter, 1);
    return this.db.copyCsvOut(
      `SELECT ${CSV_COLUMNS} FROM transactions t
        WHERE ${where.sql} ORDER BY t.created_at DESC, t.id DESC`,
      where.params,
    );
  }

  private async *keysetBatches(
    filter: PaymentFilter,
    batchSize: number,
  ): AsyncGenerator<PaymentExportRow[]> {
    const where = paymentFilterSql(filter, 4);
    // The key as the database's own text: a Date would drop the microseconds.
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows: KeysetRow[] = await this.db.query<KeysetRow>(
        `SELECT ${EXPORT_COLUMNS}, t.created_at::text AS created_key FROM transactions t
          WHERE ${where.sql}
            AND ($1::text IS NULL OR (t.created_at, t.id) < ($1::timestamptz, $2::text))
          ORDER BY t.created_at DESC, t.id DESC
          LIMIT $3`,
        [after?.createdAt ?? null, after?.id ?? null, batchSize, ...where.params],
      );
      if (rows.length > 0) yield rows.map(toExportRow);
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_key, id: last.id };
    }
  }
}

async function* mapBatches(batches: AsyncGenerator<ExportRow[]>) {
  for await (const batch of batches) yield batch.map(toExportRow);
}

const none = (): Figures => ({ count: 0, amountSen: 0 });

const emptyDay = (day: string): ReportDay => ({
  day,
  completed: none(),
  failed: none(),
  pending: none(),
  refunded: none(),
});
