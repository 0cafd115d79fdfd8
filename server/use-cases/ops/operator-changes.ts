import { createHash } from 'node:crypto';
import { type OpsRole } from '../../../src/contract/ops-roles';
import { ENROLMENT_TTL_MS, type Operator } from '../../domain/ops/operator';
import { type PendingOperatorChange } from '../../ports/operator-approvals.port';
import { type Random } from '../../ports/random.port';
import { type TransactionalStores } from '../../ports/unit-of-work.port';
import { failWith, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

/**
 * What the operator changes share: the admin set's lock, the two-person rules' checks, a role
 * change and a second-factor reset as they are applied (at once, or on a second admin's
 * approval), and the one-time enrolment link.
 */

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

type Refusal = { ok: false; error: UseCaseError };

/** A grant of these roles waits for a second admin's approval (they move or approve money). */
export const needsSecondAdmin = (role: OpsRole): boolean => role === 'finance' || role === 'admin';

/** A one-time enrolment link's token (handed out once) and when it stops working. */
export interface EnrolmentLink {
  operatorId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Takes the admin set's lock (held until the unit of work ends, so of two admins demoting or
 * disabling each other at once on two instances, the second sees the first's change), then
 * checks the acting operator is still an enabled admin: false when they are not any more.
 */
export async function lockAdminSet(tx: TransactionalStores, actor: Actor): Promise<boolean> {
  await tx.operatorApprovals.lockAdminSet();
  if (actor.kind !== 'operator') return true;
  const current = await tx.operators.findById(actor.id);
  return current !== null && current.role === 'admin' && current.disabledAt === null;
}

/** OPS_UNCONFIRMED when the acting operator still awaits a second admin's confirmation. */
export async function unconfirmedRefusal(
  tx: TransactionalStores,
  actor: Actor,
): Promise<Refusal | null> {
  if (actor.kind !== 'operator') return null;
  const waiting = await tx.operatorApprovals.findUnconfirmed(actor.id);
  return waiting === null ? null : failWith('OPS_UNCONFIRMED');
}

/** The lock, then the acting admin still an admin (else 404, as the guard) and confirmed. */
export async function actingAdminRefusal(
  tx: TransactionalStores,
  actor: Actor,
): Promise<Refusal | null> {
  if (!(await lockAdminSet(tx, actor))) return failWith('NOT_FOUND');
  return unconfirmedRefusal(tx, actor);
}

async function isLastAdmin(tx: TransactionalStores, target: Operator): Promise<boolean> {
  const counts = target.enrolledAt !== null && target.disabledAt === null;
  return counts && (await tx.operators.countActiveAdmins()) <= 1;
}

/** Why a role change may not be made now (the last enrolled admin keeps the role), or null. */
export async function roleChangeRefusal(
  tx: TransactionalStores,
  target: Operator,
  role: OpsRole,
): Promise<Refusal | null> {
  if (target.role === 'admin' && role !== 'admin' && (await isLastAdmin(tx, target))) {
    return failWith('OPS_CHANGE_REFUSED', { reason: 'last-admin-role' });
  }
  return null;
}

/** Sets the role and audits it (the lock held and roleChangeRefusal checked). */
export async function applyRole(
  tx: TransactionalStores,
  step: { actor: Actor; now: Date; reason: string },
  target: Operator,
  role: OpsRole,
): Promise<void> {
  await tx.operators.setRole(target.id, role);
  await tx.audit.append(
    entryOf(step.actor, step.now, {
      action: 'operator.role',
      targetType: 'operator',
      targetId: target.id,
      reason: step.reason,
      changes: { role: { before: target.role, after: role } },
    }),
  );
}

/**
 * Issues a one-time link (ending every earlier one of the operator). When an operator is handed
 * it, the account is unconfirmed until another admin confirms it; a link the command line prints
 * leaves it confirmed (whoever runs it holds the server), as a command-line creation does.
 */
export async function newLink(
  tx: TransactionalStores,
  random: Random,
  operatorId: string,
  issued: { now: Date; to: Actor },
): Promise<EnrolmentLink> {
  const token = random.sessionToken();
  const expiresAt = new Date(issued.now.getTime() + ENROLMENT_TTL_MS);
  await tx.operators.saveEnrolment({ tokenHash: hashToken(token), operatorId, expiresAt });
  if (issued.to.kind === 'operator') {
    await tx.operatorApprovals.markUnconfirmed({
      operatorId,
      linkHolderId: issued.to.id,
      since: issued.now,
    });
  } else await tx.operatorApprovals.confirm(operatorId);
  return { operatorId, token, expiresAt };
}

/**
 * Removes every second factor (the TOTP secret and every passkey), ends the sessions, audits it
 * and hands out a new enrolment link (ending every earlier one) to whoever applies the reset.
 */
export async function applyReset(
  tx: TransactionalStores,
  step: { actor: Actor; now: Date; reason: string; random: Random },
  target: Operator,
): Promise<EnrolmentLink> {
  const { actor, now } = step;
  await tx.operators.clearSecondFactor(target.id);
  const passkeys = await tx.operatorPasskeys.listForMember(target.id);
  for (const passkey of passkeys) await tx.operatorPasskeys.remove(target.id, passkey.id);
  await tx.operators.revokeSessionsOf(target.id, now);
  await tx.audit.append(
    entryOf(actor, now, {
      action: 'operator.reset_second_factor',
      targetType: 'operator',
      targetId: target.id,
      reason: step.reason,
      changes: {
        enrolled: { before: target.enrolledAt !== null, after: false },
        passkeys: { before: passkeys.length, after: 0 },
      },
    }),
  );
  return newLink(tx, step.random, target.id, { now, to: actor });
}

/** Records a change for a second admin and audits the request. */
export async function requestChange(
  tx: TransactionalStores,
  actor: Extract<Actor, { kind: 'operator' }>,
  change: PendingOperatorChange,
): Promise<Refusal | null> {
  if ((await tx.operatorApprovals.requestChange(change)) === 'pending_exists') {
    return failWith('OPS_CHANGE_REFUSED', { reason: 'change-pending' });
  }
  await tx.audit.append(
    entryOf(actor, change.requestedAt, {
      action: 'operator.change_request',
      targetType: 'operator',
      targetId: change.operatorId,
      reason: change.reason,
      changes: {
        change_id: { before: null, after: change.id },
        kind: { before: null, after: change.kind },
        ...(change.role !== null ? { role: { before: null, after: change.role } } : {}),
      },
    }),
  );
  return null;
}
