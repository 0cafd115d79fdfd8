-- Members, sessions, one-time SMS codes and the throttling logs of the member-session slice.
-- Timestamps come from the application clock (not now()) so tests can move time.

CREATE TABLE members (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  nationality text NOT NULL,
  ic_or_passport text NOT NULL,
  phone_no text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT members_ic_or_passport_key UNIQUE (ic_or_passport),
  CONSTRAINT members_phone_no_key UNIQUE (phone_no)
);

-- Opaque bearer tokens are stored only as their sha256.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_member_id_idx ON sessions (member_id);

-- One row per code issued; the newest row per (phone_no, purpose) is the live one.
CREATE TABLE sms_codes (
  id uuid PRIMARY KEY,
  phone_no text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX sms_codes_phone_purpose_idx ON sms_codes (phone_no, purpose, created_at DESC);

-- Every accepted code request, sent or not (password reset for an unknown phone sends nothing
-- but must be throttled the same way so the answers cannot tell the two apart).
CREATE TABLE sms_requests (
  id uuid PRIMARY KEY,
  phone_no text NOT NULL,
  purpose text NOT NULL,
  client_address text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX sms_requests_phone_idx ON sms_requests (phone_no, requested_at);
CREATE INDEX sms_requests_address_idx ON sms_requests (client_address, requested_at);

-- Failed logins per account key (normalised IC/passport, known or not).
CREATE TABLE login_failures (
  id uuid PRIMARY KEY,
  account_key text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_account_idx ON login_failures (account_key, failed_at);
