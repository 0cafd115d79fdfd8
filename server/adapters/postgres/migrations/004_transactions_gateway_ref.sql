-- Gateways that keep a payment of their own (a Billplz bill) answer callbacks with their id, not
-- ours: store it with the transaction so a callback finds its payment without a round trip.
ALTER TABLE transactions ADD COLUMN gateway_ref text;
-- One gateway payment belongs to one of ours; most rows (the sandbox's) have none.
CREATE UNIQUE INDEX transactions_gateway_ref_idx ON transactions (gateway_ref)
  WHERE gateway_ref IS NOT NULL;

-- A verified message without a final outcome (the payer has not paid yet) is kept as 'ignored'.
ALTER TABLE payment_callbacks DROP CONSTRAINT payment_callbacks_result_check;
ALTER TABLE payment_callbacks ADD CONSTRAINT payment_callbacks_result_check
  CHECK (result IN ('applied', 'duplicate', 'ignored', 'rejected'));
