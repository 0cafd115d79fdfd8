-- Where a member is signed in: each session keeps a short device label made from its user agent
-- when it started ("Chrome on Android"). The raw user-agent string and the address are not kept.
-- Sessions opened before this migration have none (NULL: shown as an unknown device).
ALTER TABLE sessions ADD COLUMN device_label text;
ALTER TABLE sessions ADD CONSTRAINT sessions_device_label_length_check
  CHECK (device_label IS NULL OR length(device_label) <= 100);
