-- The member's security page: where they are signed in, and their passkeys.

-- Where a member is signed in: each session keeps a short device label made from its user agent
-- when it started ("Chrome on Android"). The raw user-agent string and the address are not kept.
-- Sessions opened before this migration have none (NULL: shown as an unknown device).
ALTER TABLE sessions ADD COLUMN device_label text;
ALTER TABLE sessions ADD CONSTRAINT sessions_device_label_length_check
  CHECK (device_label IS NULL OR length(device_label) <= 100);

-- Passkeys (WebAuthn credentials): a member may hold several; a credential id belongs to one
-- member only. The public key is stored, never a private key (there is none on the server).
CREATE TABLE passkeys (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- base64url, as the browser names it
  credential_id text NOT NULL,
  -- COSE public key, base64url
  public_key text NOT NULL,
  -- The authenticator's signature counter: it must go forward (0 stays 0 for those without one).
  sign_count bigint NOT NULL CHECK (sign_count >= 0),
  transports text NOT NULL DEFAULT '',
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  CONSTRAINT passkeys_credential_id_key UNIQUE (credential_id)
);
CREATE INDEX passkeys_member_id_idx ON passkeys (member_id);

-- WebAuthn challenges: single use (taken by a DELETE ... RETURNING), expiring by the application
-- clock; a registration challenge belongs to the member who asked for it.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  member_id uuid REFERENCES members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
