-- The periodic purge (PurgeStaleRecordsUseCase) deletes rows by age. These tables grow with what anyone
-- can send (code requests, failed logins), and their existing indexes lead with the phone,
-- address or account, so without these each purge would scan the whole table.
CREATE INDEX sms_codes_expires_at_idx ON sms_codes (expires_at);
CREATE INDEX sms_requests_requested_at_idx ON sms_requests (requested_at);
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);

-- sessions get none: only successful logins add rows, the purge keeps about two weeks of them,
-- and an index on last_seen_at would turn every once-a-minute session touch into a non-HOT update.
