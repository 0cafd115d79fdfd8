-- The sandbox gateway keeps its books in its own process memory and reaches the API only over
-- HTTP; no code reads or writes this table, created when the sandbox shared the database.
DROP TABLE IF EXISTS sandbox_payments;
