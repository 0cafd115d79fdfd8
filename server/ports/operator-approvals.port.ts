import { type OpsRole } from '../../src/contract/ops-roles';

/**
 * An operator an admin created, or whose second factor an admin reset: they take no part in
 * refunds and change no operator until another admin than the link's holder confirms them.
 */
export interface UnconfirmedOperator {
  operatorId: string;
  /** The admin the enrolment link was handed to (null: the command line). */
  linkHolderId: string | null;
  since: Date;
}

/** The changes that wait for a second admin. */
export type OperatorChangeKind = 'reset-second-factor' | 'role';

/** A change one admin asked for and another must approve (or any admin reject). */
export interface PendingOperatorChange {
  id: string;
  operatorId: string;
  kind: OperatorChangeKind;
  /** The role granted (kind `role`); null for a reset. */
  role: OpsRole | null;
  reason: string;
  requestedBy: string;
  requestedAt: Date;
}

/**
 * The two-person rules' state: the admin set's lock, the operators awaiting a second admin's
 * confirmation and the changes awaiting a second admin's approval. A decided change is removed:
 * the audit log keeps its story.
 */
export interface OperatorApprovalStore {
  /**
   * Takes the one lock every change of the admin set holds until its unit of work ends (a role,
   * a disabling, a reset): of two admins demoting each other at once, the second sees the first.
   */
  lockAdminSet(): Promise<void>;

  /** Marks an operator unconfirmed (again: a newer link's holder replaces the older one). */
  markUnconfirmed(operator: UnconfirmedOperator): Promise<void>;
  findUnconfirmed(operatorId: string): Promise<UnconfirmedOperator | null>;
  /** Every unconfirmed operator, oldest first. */
  listUnconfirmed(): Promise<UnconfirmedOperator[]>;
  /** Confirms an operator; false when they were not unconfirmed. */
  confirm(operatorId: string): Promise<boolean>;

  /** Records a change; one at a time per operator (`pending_exists` when one waits already). */
  requestChange(change: PendingOperatorChange): Promise<'requested' | 'pending_exists'>;
  findChange(id: string): Promise<PendingOperatorChange | null>;
  /** Every waiting change, oldest first. */
  listChanges(): Promise<PendingOperatorChange[]>;
  /** Removes a decided change; false when it no longer waits (another admin decided first). */
  closeChange(id: string): Promise<boolean>;
}
