-- The operator console: operators (never members), their sessions and enrolment links, member
-- sign-in switched off by an operator, and the append-only, hash-chained audit log.

-- A member whose sign-in an operator disabled: their sign-in answers like wrong credentials.
ALTER TABLE members ADD COLUMN sign_in_disabled_at timestamptz;

-- Members found by a name prefix, case-insensitive (text_pattern_ops: LIKE 'prefix%').
CREATE INDEX members_lower_name_idx ON members (lower(name) text_pattern_ops, id)
  WHERE erased_at IS NULL;

CREATE TABLE operators (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Stored lower-cased.
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  role text NOT NULL CHECK (role IN ('viewer', 'support', 'finance', 'admin')),
  -- argon2id, as members'; NULL until enrolled.
  password_hash text,
  -- The TOTP secret (base32) and the last time step a code was accepted for (each code once).
  totp_secret text,
  totp_last_step bigint,
  created_at timestamptz NOT NULL,
  enrolled_at timestamptz,
  disabled_at timestamptz,
  CONSTRAINT operators_email_key UNIQUE (email)
);

-- One-time enrolment links: only the token's SHA-256 is kept.
CREATE TABLE operator_enrolments (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_enrolments_operator_idx ON operator_enrolments (operator_id);

CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  csrf_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

-- Every operator action, sign-in and reveal, in the same transaction as what it records.
-- hash = SHA-256 of prev_hash and the entry's canonical JSON (RFC 8785): see audit-chain.ts.
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  at timestamptz NOT NULL,
  actor_id uuid,
  actor_name text NOT NULL,
  actor_role text,
  address text,
  action text NOT NULL,
  target_type text,
  target_id text,
  reason text,
  -- Canonical JSON of {field: {before, after}}, personal data masked; NULL when nothing changed.
  changes text,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, seq);
CREATE INDEX audit_log_target_idx ON audit_log (target_id, seq);
CREATE INDEX audit_log_action_idx ON audit_log (action, seq);

-- Signed checkpoints: Ed25519 over the number of entries and the head hash at that moment.
CREATE TABLE audit_checkpoints (
  entries bigint PRIMARY KEY CHECK (entries >= 0),
  head_hash text NOT NULL,
  signed_at timestamptz NOT NULL,
  key_id text NOT NULL,
  signature text NOT NULL
);

-- Append-only: no UPDATE, DELETE or TRUNCATE through the database's front door. (Someone who can
-- disable triggers can still edit rows; the hash chain and the signed checkpoints catch that.)
CREATE FUNCTION audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
