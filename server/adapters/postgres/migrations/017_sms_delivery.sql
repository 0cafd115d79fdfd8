-- What became of each code's SMS, for support ("I never got the code"): the provider's answer
-- to the send (queued, or failed), then its delivery reports (sent, delivered, failed) with the
-- provider's error code. A code never sent (the reset decoy for an unknown phone) keeps NULLs.
ALTER TABLE sms_codes
  ADD COLUMN delivery_status text
    CHECK (delivery_status IN ('queued', 'sent', 'delivered', 'failed')),
  ADD COLUMN provider_message_id text,
  ADD COLUMN delivery_error text,
  ADD COLUMN delivery_at timestamptz;

-- A delivery report names the provider's message id: find its code without a scan.
CREATE INDEX sms_codes_provider_message_id_idx ON sms_codes (provider_message_id)
  WHERE provider_message_id IS NOT NULL;
