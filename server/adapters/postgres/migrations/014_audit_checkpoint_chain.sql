-- Checkpoints form a chain of their own: each names the checkpointHash of the one before it (and
-- signs it with its count and head hash), so removing or altering a checkpoint breaks the next.
-- NULL: the first checkpoint, and those signed before the chain, which verify as they were signed.
ALTER TABLE audit_checkpoints
  ADD COLUMN previous_hash text CHECK (previous_hash IS NULL OR previous_hash ~ '^[0-9a-f]{64}$');
