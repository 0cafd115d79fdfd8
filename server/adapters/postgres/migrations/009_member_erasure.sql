-- When a member's personal data was erased ("delete my account"). An erased row is kept, naming no
-- person, for the payments that point to it; every lookup and write of a member skips it, so a
-- request that reaches the database after the erasure finds no member.
ALTER TABLE members ADD COLUMN erased_at timestamptz;
UPDATE members SET erased_at = updated_at WHERE ic_or_passport LIKE 'erased:%';
