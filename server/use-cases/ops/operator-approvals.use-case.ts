import { type Operator } from '../../domain/ops/operator';
import { type Clock } from '../../ports/clock.port';
import {
  type PendingOperatorChange,
  type UnconfirmedOperator,
} from '../../ports/operator-approvals.port';
import { type Random } from '../../ports/random.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';
import {
  actingAdminRefusal,
  applyReset,
  applyRole,
  type EnrolmentLink,
  requestChange,
  roleChangeRefusal,
} from './operator-changes';

type OperatorActor = Extract<Actor, { kind: 'operator' }>;

/** Who an id names, for the console's lists (an operator since removed has no name). */
export interface Named {
  id: string;
  name: string;
}

/** What waits for a second admin, with names. */
export interface PendingApprovals {
  changes: (PendingOperatorChange & { operator: Named; requester: Named })[];
  unconfirmed: (UnconfirmedOperator & {
    operator: Named;
    linkHolder: Named | null;
    enrolled: boolean;
  })[];
}

/**
 * The two-person rules of operator changes. An admin's second-factor reset or grant of finance
 * or admin waits until another admin approves it (any admin may reject it; nobody approves their
 * own request, nor a role for themselves); an approved reset's enrolment link goes to the
 * approving admin, never to the one who asked. An operator an admin created or re-enrolled is
 * unconfirmed (no refunds, no operator changes) until an admin other than the link's holder
 * confirms them, after they enrolled. Every step is audited with what it did.
 */
export class OperatorApprovalsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  async pending(): Promise<PendingApprovals> {
    return this.uow.run(async (tx) => {
      const operators = new Map((await tx.operators.list()).map((one) => [one.id, one]));
      const named = (id: string): Named => ({ id, name: operators.get(id)?.name ?? '' });
      const changes = (await tx.operatorApprovals.listChanges()).map((change) => ({
        ...change,
        operator: named(change.operatorId),
        requester: named(change.requestedBy),
      }));
      const unconfirmed = (await tx.operatorApprovals.listUnconfirmed()).map((waiting) => ({
        ...waiting,
        operator: named(waiting.operatorId),
        linkHolder: waiting.linkHolderId === null ? null : named(waiting.linkHolderId),
        enrolled: (operators.get(waiting.operatorId)?.enrolledAt ?? null) !== null,
      }));
      return { changes, unconfirmed };
    });
  }

  /** Asks a second admin to reset an operator's second factor. */
  async requestReset(
    actor: OperatorActor,
    operatorId: string,
    reason: string,
  ): Promise<Result<PendingOperatorChange, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const refusal = await actingAdminRefusal(tx, actor);
      if (refusal) return refusal;
      if ((await tx.operators.findById(operatorId)) === null) return failWith('NOT_FOUND');
      const change: PendingOperatorChange = {
        id: this.random.uuid(),
        operatorId,
        kind: 'reset-second-factor',
        role: null,
        reason,
        requestedBy: actor.id,
        requestedAt: now,
      };
      return (await requestChange(tx, actor, change)) ?? ok(change);
    });
  }

  /** Approves another admin's change and applies it; a reset's new link is the approver's. */
  async approve(
    actor: OperatorActor,
    changeId: string,
    reason: string,
  ): Promise<Result<{ link: EnrolmentLink | null }, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const found = await this.decidable(tx, actor, changeId);
      if (!found.ok) return found;
      const { change, target } = found.value;
      if (change.requestedBy === actor.id) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'own-change-approval' });
      }
      if (change.kind === 'role' && change.operatorId === actor.id) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'own-role-change' });
      }
      const role = change.role;
      const lastAdmin = role === null ? null : await roleChangeRefusal(tx, target, role);
      if (lastAdmin) return lastAdmin;
      await this.close(tx, actor, { change, now, reason, approved: true });
      const step = { actor, now, reason: change.reason };
      if (role !== null) {
        await applyRole(tx, step, target, role);
        return ok({ link: null });
      }
      return ok({ link: await applyReset(tx, { ...step, random: this.random }, target) });
    });
  }

  /** Rejects a change (its requester may withdraw it so). */
  async reject(
    actor: OperatorActor,
    changeId: string,
    reason: string,
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const found = await this.decidable(tx, actor, changeId);
      if (!found.ok) return found;
      await this.close(tx, actor, { change: found.value.change, now, reason, approved: false });
      return ok(null);
    });
  }

  /**
   * Confirms an operator an admin created or re-enrolled: after they enrolled, by an admin who
   * was not handed their link (the confirming admin has checked with them that they enrolled).
   */
  async confirm(
    actor: OperatorActor,
    operatorId: string,
    reason: string,
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const refusal = await actingAdminRefusal(tx, actor);
      if (refusal) return refusal;
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      const waiting = await tx.operatorApprovals.findUnconfirmed(operatorId);
      if (waiting === null) return failWith('OPS_CHANGE_REFUSED', { reason: 'confirm-not-needed' });
      if (operatorId === actor.id) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'own-confirmation' });
      }
      if (waiting.linkHolderId === actor.id) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'link-holder-confirmation' });
      }
      if (target.enrolledAt === null) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'confirm-before-enrolment' });
      }
      await tx.operatorApprovals.confirm(operatorId);
      await tx.audit.append(
        entryOf(actor, now, {
          action: 'operator.confirm',
          targetType: 'operator',
          targetId: operatorId,
          reason,
          changes: {
            confirmed: { before: false, after: true },
            link_holder: { before: waiting.linkHolderId, after: null },
          },
        }),
      );
      return ok(null);
    });
  }

  /** The lock, an acting admin who is confirmed, and the waiting change with its operator. */
  private async decidable(
    tx: TransactionalStores,
    actor: OperatorActor,
    changeId: string,
  ): Promise<Result<{ change: PendingOperatorChange; target: Operator }, UseCaseError>> {
    const refusal = await actingAdminRefusal(tx, actor);
    if (refusal) return refusal;
    const change = await tx.operatorApprovals.findChange(changeId);
    const target = change === null ? null : await tx.operators.findById(change.operatorId);
    if (change === null || target === null) return failWith('NOT_FOUND');
    return ok({ change, target });
  }

  private async close(
    tx: TransactionalStores,
    actor: OperatorActor,
    decision: { change: PendingOperatorChange; now: Date; reason: string; approved: boolean },
  ): Promise<void> {
    const { change } = decision;
    await tx.operatorApprovals.closeChange(change.id);
    await tx.audit.append(
      entryOf(actor, decision.now, {
        action: decision.approved ? 'operator.change_approve' : 'operator.change_reject',
        targetType: 'operator',
        targetId: change.operatorId,
        reason: decision.reason,
        changes: {
          change_id: { before: null, after: change.id },
          kind: { before: null, after: change.kind },
          requested_by: { before: null, after: change.requestedBy },
          ...(change.role !== null ? { role: { before: null, after: change.role } } : {}),
        },
      }),
    );
  }
}
