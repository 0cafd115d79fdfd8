import { GATEWAY_KINDS } from '../../src/contract/gateways';
import { type PaymentSearchQuery } from '../../src/contract/ops-payments-api';
import { type Database } from '../../server/adapters/postgres/database';
import { malaysiaDay } from '../../server/domain/ops/payment-filter';

/**
 * The console bench's data, generated in SQL (generate_series, a chunk a statement): `payments`
 * payments over `payments / 10` members, newest first a year back, 90 % completed (with receipt
 * numbers), 5 % failed, 5 % pending; on three gateways (60 % sandbox, 30 % billplz, 10 %
 * toyyibpay), each with its gateway reference; amounts RM 50.00 to RM 10,000.00; and a refund of
 * half the amount on 2 % of them (half refunded, half awaiting approval).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_S = 365 * 24 * 60 * 60;
const CHUNK = 250_000;

/** How many of each are seeded. */
export interface Sizes {
  payments: number;
  members: number;
  refunds: number;
}

/** The n-th seeded payment's id: TXN + 24 base32 characters (md5's hex, 0 1 8 9 mapped). */
const TRANSACTION_ID_SQL = (n: string) =>
  `'TXN' || translate(upper(substr(md5('bench-console:' || ${n}), 1, 24)), '0189', 'WXYZ')`;

export async function seedConsole(
  db: Database,
  payments: number,
  passwordHash: string,
  refundOperators: [string, string],
  now: Date,
): Promise<Sizes> {
  const members = payments / 10;
  await db.query(
    `INSERT INTO members (id, name, nationality, ic_or_passport, phone_no, password_hash,
                          created_at, updated_at)
     SELECT md5('bench-member:' || m)::uuid, 'Member ' || m, 'Malaysian',
            '8003' || lpad(m::text, 8, '0'), '6016' || lpad(m::text, 8, '0'), $2,
            $3::timestamptz - interval '400 days', $3::timestamptz - interval '400 days'
       FROM generate_series(1, $1::int) AS m`,
    [members, passwordHash, now],
  );
  for (let from = 1; from <= payments; from += CHUNK) {
    const to = Math.min(payments, from + CHUNK - 1);
    await db.query(
      `INSERT INTO transactions (id, member_id, amount_sen, payment_method, status, created_at,
                                 updated_at, finalised_at, receipt_number, gateway, gateway_ref)
       SELECT ${TRANSACTION_ID_SQL('n')}, md5('bench-member:' || (1 + (n * 7919) % $3))::uuid,
              5000 + (n * 2654435761) % 995001, 'fpx', s, c, c + f, CASE WHEN s <> 'pending' THEN c + f END,
              CASE WHEN s = 'completed'
                   THEN 'R-' || to_char((c AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY') || '-' || lpad(n::text, 7, '0')
              END,
              g,
              CASE g WHEN 'sandbox' THEN 'SBX-' || lpad(n::text, 8, '0')
                     WHEN 'billplz' THEN 'bp' || lpad(to_hex(n), 8, '0')
                     ELSE 'TP' || lpad(n::text, 9, '0') END
         FROM (SELECT n::bigint AS n,
                      $4::timestamptz - (n - 1) * ($5::float8 / $6) * interval '1 second' AS c,
                      interval '90 seconds' AS f,
                      CASE n % 20 WHEN 3 THEN 'failed' WHEN 7 THEN 'pending' ELSE 'completed' END AS s,
                      CASE WHEN n % 10 < 6 THEN 'sandbox' WHEN n % 10 < 9 THEN 'billplz'
                           ELSE 'toyyibpay' END AS g
                 FROM generate_series($1::int, $2::int) AS n) AS p`,
      [from, to, members, now, YEAR_S, payments],
    );
  }
  const [refunds] = await db.query<{ n: number }>(
    `WITH inserted AS (
       INSERT INTO refunds (id, transaction_id, amount_sen, status, method, reason, requested_by,
                            requested_at, decided_by, decided_at, reference, refunded_at, updated_at)
       SELECT md5('bench-refund:' || n)::uuid, ${TRANSACTION_ID_SQL('n')}, t.amount_sen / 2,
              CASE WHEN n % 100 = 4 THEN 'refunded' ELSE 'requested' END,
              CASE t.gateway WHEN 'sandbox' THEN 'api' ELSE 'manual' END,
              'Charged twice', $2, t.finalised_at + interval '1 hour',
              CASE WHEN n % 100 = 4 THEN $3::uuid END,
              CASE WHEN n % 100 = 4 THEN t.finalised_at + interval '2 hours' END,
              CASE WHEN n % 100 = 4 THEN 'RF' || n END,
              CASE WHEN n % 100 = 4 THEN t.finalised_at + interval '1 day' END,
              t.finalised_at + interval '1 day'
         FROM generate_series(4, $1::int, 50) AS n
         JOIN transactions t ON t.id = ${TRANSACTION_ID_SQL('n')}
        WHERE t.status = 'completed'
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [payments, refundOperators[0], refundOperators[1]],
  );
  await db.query(
    `INSERT INTO receipt_counters (year, last_number)
     SELECT split_part(receipt_number, '-', 2)::int, $1 FROM transactions
      WHERE receipt_number IS NOT NULL GROUP BY 1
     ON CONFLICT (year) DO UPDATE SET last_number = greatest(receipt_counters.last_number, $1)`,
    [payments],
  );
  await db.exec('ANALYZE members; ANALYZE transactions; ANALYZE refunds');
  return { payments, members, refunds: Number(refunds.n) };
}

/** One kind of search and the queries that stand for it (rotated over its requests). */
interface SearchKind {
  name: string;
  queries: PaymentSearchQuery[];
}

const SAMPLES = 100;

/** The searches an operator makes, each kind with SAMPLES queries picked from the seeded rows. */
export async function searchKinds(db: Database, now: Date): Promise<SearchKind[]> {
  const random = <R>(sql: string) => db.query<R>(`${sql} ORDER BY random() LIMIT ${SAMPLES}`);
  const picked = await random<{ id: string; receipt_number: string; gateway_ref: string }>(
    `SELECT id, receipt_number, gateway_ref FROM transactions WHERE status = 'completed'`,
  );
  const people = await random<{ phone_no: string; ic_or_passport: string }>(
    'SELECT phone_no, ic_or_passport FROM members',
  );
  const each = <T>(make: (i: number) => T) => Array.from({ length: SAMPLES }, (_, i) => make(i));
  const day = (daysBack: number) => malaysiaDay(new Date(now.getTime() - daysBack * DAY_MS));
  const amount = (ringgit: number) => ringgit.toFixed(2);
  const statuses = ['completed', 'failed', 'pending'] as const;
  return [
    { name: 'transaction id', queries: picked.map((p) => ({ ref: p.id })) },
    { name: 'receipt number', queries: picked.map((p) => ({ ref: p.receipt_number })) },
    { name: 'gateway reference', queries: picked.map((p) => ({ ref: p.gateway_ref })) },
    {
      name: 'member phone or IC',
      queries: people.map((p, i) =>
        i % 2 === 0 ? { member: `+${p.phone_no}` } : { member: p.ic_or_passport },
      ),
    },
    { name: 'status', queries: each((i) => ({ status: statuses[i % 3] })) },
    {
      name: 'gateway',
      queries: each((i) => ({ gateway: GATEWAY_KINDS[i % GATEWAY_KINDS.length] })),
    },
    {
      name: 'date range (a week)',
      queries: each((i) => ({ from: day(10 + i * 3 + 6), to: day(10 + i * 3) })),
    },
    {
      name: 'amount range (RM 50 wide)',
      queries: each((i) => ({
        min_amount: amount(100 + i * 97),
        max_amount: amount(150 + i * 97),
      })),
    },
    {
      name: 'combined: status, gateway, 30 days, RM 100-500',
      queries: each((i) => ({
        status: 'completed',
        gateway: GATEWAY_KINDS[i % GATEWAY_KINDS.length],
        from: day(30 + i * 3),
        to: day(1 + i * 3),
        min_amount: '100.00',
        max_amount: '500.00',
      })),
    },
  ];
}
