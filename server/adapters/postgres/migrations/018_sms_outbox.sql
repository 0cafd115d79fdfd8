-- The SMS send queue: a code's text waits here, written in the code's own transaction, until a
-- worker hands it to the provider. The text (it holds the code) is sealed with a key derived
-- from SMS_CODE_PEPPER and dropped once the message is settled. `sending` marks an attempt in
-- flight: one found past its lease was cut short (an instance killed between the provider's
-- answer and the commit), so it may have gone out and is never sent again.
CREATE TABLE sms_outbox (
  code_id uuid PRIMARY KEY REFERENCES sms_codes (id) ON DELETE CASCADE,
  -- The sms_requests row the resend cooldown counts: removed when the send fails.
  request_id uuid NOT NULL,
  sealed_text text,
  state text NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The worker's question, "what is due?", reads only unsettled messages.
CREATE INDEX sms_outbox_due_idx ON sms_outbox (due_at) WHERE state IN ('pending', 'sending');
