-- An operator's second factor may be a passkey instead of a TOTP app: operators' passkeys and
-- their WebAuthn challenges, in tables of their own (never beside members').
CREATE TABLE operator_passkeys (
  id uuid PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  public_key text NOT NULL,
  sign_count bigint NOT NULL CHECK (sign_count >= 0),
  transports text NOT NULL DEFAULT '',
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  CONSTRAINT operator_passkeys_credential_id_key UNIQUE (credential_id)
);
CREATE INDEX operator_passkeys_operator_idx ON operator_passkeys (operator_id);

CREATE TABLE operator_webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  operator_id uuid REFERENCES operators (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_webauthn_challenges_expires_idx ON operator_webauthn_challenges (expires_at);
