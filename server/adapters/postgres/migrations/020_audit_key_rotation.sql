-- A rotation of the audit signing key: the checkpoint that hands the log to the next key signs
-- that key's public key (next_key) and carries its own (public_key), so checkpoints signed before
-- the rotation stay verifiable once the old private key is gone. Both SPKI DER, base64; NULL on
-- every other checkpoint.
ALTER TABLE audit_checkpoints
  ADD COLUMN next_key text,
  ADD COLUMN public_key text,
  ADD CONSTRAINT audit_checkpoints_rotation_keys CHECK ((next_key IS NULL) = (public_key IS NULL));
