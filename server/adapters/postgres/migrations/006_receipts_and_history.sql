-- Receipts and the members' payment history.
--
-- A completed payment gets a receipt number once, in the database transaction that completes it:
-- R-<year>-<sequence>, the year of completion in Malaysia (UTC+8) and a gap-free sequence per
-- year. The sequence is a counter row per year, incremented (and so locked) by the completing
-- transaction: a concurrent completion waits for the commit, a rolled-back one returns its number.
ALTER TABLE transactions ADD COLUMN receipt_number text;

CREATE TABLE receipt_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  -- The last sequence handed out in that year.
  last_number integer NOT NULL CHECK (last_number > 0)
);

-- Payments completed before this migration get their numbers in completion order, per year.
WITH completed AS (
  SELECT id, finalised_at,
         extract(year FROM (finalised_at AT TIME ZONE 'UTC') + interval '8 hours')::int AS year
    FROM transactions
   WHERE status = 'completed'
), numbered AS (
  SELECT id, year, row_number() OVER (PARTITION BY year ORDER BY finalised_at, id) AS n
    FROM completed
)
UPDATE transactions t
   SET receipt_number = 'R-' || numbered.year || '-' ||
                        lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0')
  FROM numbered
 WHERE t.id = numbered.id;

INSERT INTO receipt_counters (year, last_number)
SELECT split_part(receipt_number, '-', 2)::int, count(*)
  FROM transactions
 WHERE receipt_number IS NOT NULL
 GROUP BY 1;

-- One number, one payment; only a completed payment carries one.
CREATE UNIQUE INDEX transactions_receipt_number_idx ON transactions (receipt_number)
  WHERE receipt_number IS NOT NULL;
ALTER TABLE transactions ADD CONSTRAINT transactions_receipt_number_check
  CHECK (receipt_number IS NULL OR (status = 'completed' AND receipt_number ~ '^R-[0-9]{4}-[0-9]{6,}$'));

-- A receipt number, once given, never changes (beside the forward-only status and the fixed
-- amount and owner).
CREATE OR REPLACE FUNCTION transactions_status_forward_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'transaction % is % and cannot become %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.amount_sen <> OLD.amount_sen OR NEW.member_id <> OLD.member_id THEN
    RAISE EXCEPTION 'transaction % amount and owner are immutable', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.receipt_number IS NOT NULL AND NEW.receipt_number IS DISTINCT FROM OLD.receipt_number THEN
    RAISE EXCEPTION 'transaction % receipt number is immutable', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

-- The history: a member's payments newest first, read page by page from a keyset position
-- (created_at, id), never by OFFSET. The second index serves the same pages filtered by status.
-- The first replaces the older (member_id, created_at DESC) index, which is its prefix.
CREATE INDEX transactions_member_history_idx
  ON transactions (member_id, created_at DESC, id DESC);
CREATE INDEX transactions_member_status_history_idx
  ON transactions (member_id, status, created_at DESC, id DESC);
DROP INDEX transactions_member_id_idx;
