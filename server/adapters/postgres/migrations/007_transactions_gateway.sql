-- Each payment remembers the gateway that took it, so its callbacks, redirect and reconciliation
-- go to that gateway even after the gateway for new payments changes. Rows made before this
-- column existed came from Billplz when they carry a bill id (gateway_ref), else from the
-- sandbox-style gateway, the only two gateways there were.
ALTER TABLE transactions ADD COLUMN gateway text;
UPDATE transactions SET gateway = CASE WHEN gateway_ref IS NOT NULL THEN 'billplz' ELSE 'sandbox' END;
ALTER TABLE transactions ALTER COLUMN gateway SET NOT NULL;
-- The store always names the gateway; the default only keeps raw inserts written before this
-- column (tests, scripts) meaning what they meant then: the sandbox-style gateway.
ALTER TABLE transactions ALTER COLUMN gateway SET DEFAULT 'sandbox';
ALTER TABLE transactions ADD CONSTRAINT transactions_gateway_check
  CHECK (gateway ~ '^[a-z][a-z0-9_-]{0,31}$');
-- The start-up check counts pending payments per gateway.
CREATE INDEX transactions_pending_gateway_idx ON transactions (gateway) WHERE status = 'pending';
