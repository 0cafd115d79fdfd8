-- The console counts an operator's recent entries of one action (name searches by a role that
-- may not reveal, see docs/console.md, Member support) on every such search: this index finds
-- them by operator, action and time, instead of walking every entry the operator ever wrote.
CREATE INDEX audit_log_actor_action_at_idx ON audit_log (actor_id, action, at);
