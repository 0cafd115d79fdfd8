-- The console's payments: refunds decided by two operators, the second factor's time on an
-- operator session (refund actions ask for it again after five minutes), and the indexes behind
-- the payments search and reports.

-- When this session last gave its second factor (sign-in or a step-up).
ALTER TABLE operator_sessions ADD COLUMN second_factor_at timestamptz;
UPDATE operator_sessions SET second_factor_at = created_at;
ALTER TABLE operator_sessions ALTER COLUMN second_factor_at SET NOT NULL;

-- Gateway messages also come from the payer's redirect and from an operator's "ask the gateway
-- now"; the operator who asked is recorded beside it.
ALTER TABLE payment_callbacks DROP CONSTRAINT payment_callbacks_source_check;
ALTER TABLE payment_callbacks ADD CONSTRAINT payment_callbacks_source_check
  CHECK (source IN ('callback', 'reconcile', 'redirect', 'requery'));
ALTER TABLE payment_callbacks ADD COLUMN operator_id uuid REFERENCES operators (id);

-- A refund of (part of) a completed payment, in integer sen. Its id is also the idempotency key
-- toward the gateway, so a refund sent again after a timeout is never paid twice.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  transaction_id text NOT NULL REFERENCES transactions (id),
  amount_sen integer NOT NULL CHECK (amount_sen > 0),
  status text NOT NULL
    CHECK (status IN ('requested', 'approved', 'rejected', 'refunded', 'refund_failed')),
  method text NOT NULL CHECK (method IN ('api', 'manual')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  requested_by uuid NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  decided_by uuid REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  -- The gateway's refund id (api) or the bank transfer's reference (manual).
  reference text,
  transfer_date date,
  failure_reason text,
  -- Sends to the gateway so far (api): a failed or timed-out send stays approved and retryable.
  attempts integer NOT NULL DEFAULT 0,
  -- When the refund reached `refunded` (the reports count refunds by this day).
  refunded_at timestamptz,
  updated_at timestamptz NOT NULL,
  -- Two people: the approver (or rejecter) is never the requester.
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK ((status = 'requested') = (decided_by IS NULL)),
  CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
CREATE INDEX refunds_transaction_idx ON refunds (transaction_id, requested_at);
CREATE INDEX refunds_open_idx ON refunds (status, requested_at DESC, id DESC)
  WHERE status IN ('requested', 'approved', 'refund_failed');
CREATE INDEX refunds_refunded_at_idx ON refunds (refunded_at) WHERE status = 'refunded';

-- What may still be refunded is the payment's amount less every refund requested, approved or
-- done. Checked by the database on every insert and status change, with the payment's row locked
-- first, so two approvals or requests at the same instant on two instances queue on the lock and
-- the second sees the first: no sum of refunds ever passes the amount paid.
CREATE FUNCTION refunds_within_amount() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  payment_status text;
  held bigint;
BEGIN
  SELECT amount_sen, status INTO paid, payment_status
    FROM transactions WHERE id = NEW.transaction_id FOR UPDATE;
  IF payment_status IS DISTINCT FROM 'completed' THEN
    RAISE EXCEPTION 'payment % is not completed', NEW.transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_payment_completed';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status NOT IN ('requested', 'approved')
     AND NEW.status IS DISTINCT FROM OLD.status
     AND NOT (OLD.status = 'refund_failed' AND NEW.status IN ('approved', 'refunded')) THEN
    RAISE EXCEPTION 'refund % is % and cannot become %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_status_forward';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.amount_sen <> OLD.amount_sen
     OR NEW.transaction_id <> OLD.transaction_id OR NEW.requested_by <> OLD.requested_by) THEN
    RAISE EXCEPTION 'refund % amount, payment and requester are immutable', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_immutable';
  END IF;
  IF NEW.status IN ('requested', 'approved', 'refunded') THEN
    SELECT coalesce(sum(amount_sen), 0) INTO held
      FROM refunds
     WHERE transaction_id = NEW.transaction_id
       AND id <> NEW.id
       AND status IN ('requested', 'approved', 'refunded');
    IF held + NEW.amount_sen > paid THEN
      RAISE EXCEPTION 'refunds of % would pass its amount', NEW.transaction_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_amount';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER refunds_within_amount
  BEFORE INSERT OR UPDATE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_within_amount();

-- The payments search: every filter combines with newest first, read by keyset (created_at, id).
-- Exact references (id is the primary key; receipt number and gateway reference have unique
-- indexes); a member's payments use transactions_member_history_idx.
CREATE INDEX transactions_created_idx ON transactions (created_at DESC, id DESC);
CREATE INDEX transactions_status_created_idx ON transactions (status, created_at DESC, id DESC);
CREATE INDEX transactions_gateway_created_idx ON transactions (gateway, created_at DESC, id DESC);
CREATE INDEX transactions_amount_idx ON transactions (amount_sen, created_at DESC);
-- The reports count payments by the day they were made and by the day they completed.
CREATE INDEX transactions_finalised_idx ON transactions (finalised_at) WHERE finalised_at IS NOT NULL;
