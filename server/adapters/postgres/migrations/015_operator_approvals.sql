-- Two-person rules for the console's operators. An operator an admin created, or whose second
-- factor an admin reset, is unconfirmed until another admin than the one handed the enrolment
-- link confirms them; a second-factor reset or a grant of finance or admin waits for a second
-- admin's approval. A confirmed operator or a decided change leaves no row: the audit log keeps
-- who did what.
CREATE TABLE operator_unconfirmed (
  operator_id uuid PRIMARY KEY REFERENCES operators (id) ON DELETE CASCADE,
  -- The admin the enrolment link was handed to; NULL for the command line.
  link_holder_id uuid REFERENCES operators (id) ON DELETE SET NULL,
  since timestamptz NOT NULL
);

CREATE TABLE operator_changes (
  id uuid PRIMARY KEY,
  -- One waiting change per operator.
  operator_id uuid NOT NULL UNIQUE REFERENCES operators (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reset-second-factor', 'role')),
  role text CHECK (role IN ('viewer', 'support', 'finance', 'admin')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  requested_by uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  CHECK ((kind = 'role') = (role IS NOT NULL))
);
