-- Payments: transactions in integer sen, idempotency keys, every gateway callback received, and
-- the sandbox gateway's own record of the payments it has seen.
-- Timestamps come from the application clock (not now()) so tests can move time.

CREATE TABLE transactions (
  -- 'TXN' + 24 base32 characters (120 random bits); also the public payment_id.
  id text PRIMARY KEY CHECK (id ~ '^TXN[A-Z2-7]{24}$'),
  member_id uuid NOT NULL REFERENCES members (id),
  -- integer sen: 5000 = MYR 50.00; the range mirrors MIN_AMOUNT_SEN / MAX_AMOUNT_SEN.
  amount_sen integer NOT NULL CHECK (amount_sen BETWEEN 5000 AND 100000000),
  currency text NOT NULL DEFAULT 'MYR' CHECK (currency = 'MYR'),
  payment_method text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Set exactly when status leaves 'pending'.
  finalised_at timestamptz,
  CHECK ((status = 'pending') = (finalised_at IS NULL))
);
CREATE INDEX transactions_member_id_idx ON transactions (member_id, created_at DESC);
-- Reconciliation scans only pending rows, oldest first.
CREATE INDEX transactions_pending_created_at_idx ON transactions (created_at) WHERE status = 'pending';

-- Status only moves forward (pending -> completed | failed), enforced by the database as well as
-- by the code, so no future query can move a payment back.
CREATE FUNCTION transactions_status_forward_only() RETURNS trigger
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
  RETURN NEW;
END
$$;
CREATE TRIGGER transactions_status_forward_only
  BEFORE UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_status_forward_only();

-- Same member + same key -> the same transaction. The foreign key is deferred because the key is
-- claimed first (INSERT ... ON CONFLICT DO NOTHING) and the transaction row follows in the same
-- database transaction; that order makes concurrent duplicates wait for the first one.
CREATE TABLE payment_idempotency_keys (
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  transaction_id text NOT NULL REFERENCES transactions (id) DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, idempotency_key)
);

-- Every gateway message received (callbacks and reconciliation answers), accepted or not.
CREATE TABLE payment_callbacks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No foreign key: messages about unknown transactions are recorded too.
  transaction_id text,
  source text NOT NULL CHECK (source IN ('callback', 'reconcile')),
  -- The body as received (text, not jsonb: jsonb refuses some strings an attacker may send).
  payload text NOT NULL,
  result text NOT NULL CHECK (result IN ('applied', 'duplicate', 'rejected')),
  reason text,
  received_at timestamptz NOT NULL
);
CREATE INDEX payment_callbacks_transaction_id_idx ON payment_callbacks (transaction_id, received_at);
-- At most one message ever changes a transaction.
CREATE UNIQUE INDEX payment_callbacks_one_applied_idx
  ON payment_callbacks (transaction_id) WHERE result = 'applied';

-- The sandbox gateway's own books (development and test only). It shares the database for
-- convenience but never reads the tables above: it talks to the API only over HTTP.
CREATE TABLE sandbox_payments (
  transaction_id text PRIMARY KEY,
  client_id text NOT NULL,
  amount text NOT NULL,
  return_url text NOT NULL,
  callback_url text NOT NULL,
  -- sha256 of the token handed to the tab that posted the signed form; only it may decide.
  session_token_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  callback_attempts integer NOT NULL DEFAULT 0,
  callback_acknowledged_at timestamptz
);
