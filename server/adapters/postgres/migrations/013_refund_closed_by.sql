-- The operator who closed a manual refund with its bank transfer, shown on the payment's
-- timeline beside the requester and the approver.
ALTER TABLE refunds ADD COLUMN closed_by uuid REFERENCES operators (id);
