import { OPERATOR_NAME_MAX_LENGTH } from '../../../src/contract/ops-rules';
import { type OpsRole } from '../../../src/contract/ops-roles';
import { isPlausibleEmail, normaliseEmail, type Operator } from '../../domain/ops/operator';
import { type Clock } from '../../ports/clock.port';
import { type PendingOperatorChange } from '../../ports/operator-approvals.port';
import { type Random } from '../../ports/random.port';
import { type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';
import {
  actingAdminRefusal,
  applyReset,
  applyRole,
  type EnrolmentLink,
  lockAdminSet,
  needsSecondAdmin,
  newLink,
  requestChange,
  roleChangeRefusal,
} from './operator-changes';

export { hashToken, type EnrolmentLink } from './operator-changes';

/** An operator as the operator list shows them. */
export type OperatorListing = Pick<
  Operator,
  'id' | 'name' | 'email' | 'role' | 'enrolledAt' | 'disabledAt' | 'createdAt'
>;

/** A role change: made at once, or waiting for a second admin (a grant of finance or admin). */
export interface RoleChangeOutcome {
  pending: PendingOperatorChange | null;
}

/**
 * Operators: created (by the command line or an admin) with a one-time enrolment link, listed,
 * their role changed, disabled and enabled, their second factor reset. No operator changes their
 * own role or disables themselves, and the last enrolled admin can be neither demoted nor
 * disabled: every change of the admin set holds one lock. An operator an admin creates is
 * unconfirmed until another admin confirms them, an admin's grant of finance or admin waits for
 * a second admin (OperatorApprovalsUseCase), and an unconfirmed admin changes no operator. Each
 * change and its audit entry commit together.
 */
export class ManageOperatorsUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  /** Every operator, without their secrets (password hash, second factor). */
  async list(): Promise<OperatorListing[]> {
    const operators = await this.uow.run((tx) => tx.operators.list());
    return operators.map(({ id, name, email, role, enrolledAt, disabledAt, createdAt }) => ({
      id,
      name,
      email,
      role,
      enrolledAt,
      disabledAt,
      createdAt,
    }));
  }

  /** Creates an operator; the link goes to whoever created them (unconfirmed when an admin). */
  async create(
    actor: Actor,
    input: { name: string; email: string; role: OpsRole },
  ): Promise<Result<EnrolmentLink, UseCaseError>> {
    const name = input.name.trim();
    const email = normaliseEmail(input.email);
    if (name.length < 1 || name.length > OPERATOR_NAME_MAX_LENGTH) {
      return failWith('VALIDATION_FAILED', { field: 'name', reason: 'operator-name-length' });
    }
    if (!isPlausibleEmail(email)) {
      return failWith('VALIDATION_FAILED', { field: 'email', reason: 'operator-email-format' });
    }
    const now = new Date(this.clock.now());
    const id = this.random.uuid();
    return this.uow.run(async (tx) => {
      const refusal = await actingAdminRefusal(tx, actor);
      if (refusal) return refusal;
      const inserted = await tx.operators.insert({
        id,
        name,
        email,
        role: input.role,
        passwordHash: null,
        totpSecret: null,
        totpLastStep: null,
        createdAt: now,
        enrolledAt: null,
        disabledAt: null,
      });
      if (inserted === 'email_taken') return failWith('OPS_EMAIL_TAKEN');
      const byAdmin = actor.kind === 'operator';
      await tx.audit.append(
        entryOf(actor, now, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: id,
          changes: {
            name: { before: null, after: name },
            email: { before: null, after: email },
            role: { before: null, after: input.role },
            ...(byAdmin ? { confirmed: { before: null, after: false } } : {}),
          },
        }),
      );
      return ok(await newLink(tx, this.random, id, { now, to: actor }));
    });
  }

  /** Changes a role at once, or (an admin granting finance or admin) asks a second admin. */
  async changeRole(
    actor: Actor,
    operatorId: string,
    change: { role: OpsRole; reason: string },
  ): Promise<Result<RoleChangeOutcome, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const refusal = await actingAdminRefusal(tx, actor);
      if (refusal) return refusal;
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      if (actor.kind === 'operator' && actor.id === operatorId) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'own-role-change' });
      }
      if (target.role === change.role) return ok({ pending: null });
      const lastAdmin = await roleChangeRefusal(tx, target, change.role);
      if (lastAdmin) return lastAdmin;
      if (actor.kind === 'operator' && needsSecondAdmin(change.role)) {
        const pending: PendingOperatorChange = {
          id: this.random.uuid(),
          operatorId,
          kind: 'role',
          role: change.role,
          reason: change.reason,
          requestedBy: actor.id,
          requestedAt: now,
        };
        const refused = await requestChange(tx, actor, pending);
        return refused ?? ok({ pending });
      }
      await applyRole(tx, { actor, now, reason: change.reason }, target, change.role);
      return ok({ pending: null });
    });
  }

  /** Disables (their sessions end) or enables an operator. */
  async setDisabled(
    actor: Actor,
    operatorId: string,
    change: { disabled: boolean; reason: string },
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const refusal = await actingAdminRefusal(tx, actor);
      if (refusal) return refusal;
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      if (change.disabled && actor.kind === 'operator' && actor.id === operatorId) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'self-disable' });
      }
      if ((target.disabledAt !== null) === change.disabled) return ok(null);
      const counts = target.enrolledAt !== null && target.disabledAt === null;
      const last = counts && (await tx.operators.countActiveAdmins()) <= 1;
      if (change.disabled && target.role === 'admin' && last) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'last-admin-disable' });
      }
      await tx.operators.setDisabled(operatorId, change.disabled ? now : null);
      if (change.disabled) await tx.operators.revokeSessionsOf(operatorId, now);
      await tx.audit.append(
        entryOf(actor, now, {
          action: change.disabled ? 'operator.disable' : 'operator.enable',
          targetType: 'operator',
          targetId: operatorId,
          reason: change.reason,
          changes: { disabled: { before: !change.disabled, after: change.disabled } },
        }),
      );
      return ok(null);
    });
  }

  /**
   * The command line's reset, at once: removes every second factor (the TOTP secret and every
   * passkey), ends the sessions and hands out a new enrolment link (which ends every earlier
   * one). An admin's reset waits for a second admin (OperatorApprovalsUseCase.requestReset).
   */
  async resetSecondFactor(
    actor: Extract<Actor, { kind: 'cli' }>,
    operatorId: string,
    reason: string,
  ): Promise<Result<EnrolmentLink, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      await lockAdminSet(tx, actor);
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      return ok(await applyReset(tx, { actor, now, reason, random: this.random }, target));
    });
  }
}
