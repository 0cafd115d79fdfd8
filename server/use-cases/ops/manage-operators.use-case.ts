import { createHash } from 'node:crypto';
import { type OpsRole } from '../../../src/contract/ops-roles';
import {
  ENROLMENT_TTL_MS,
  isPlausibleEmail,
  normaliseEmail,
  type Operator,
} from '../../domain/ops/operator';
import { type Clock } from '../../ports/clock.port';
import { type Random } from '../../ports/random.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { failWith, ok, type Result, type UseCaseError } from '../result';
import { type Actor, entryOf } from './actor';

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

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

/** An operator as the operator list shows them. */
export type OperatorListing = Pick<
  Operator,
  'id' | 'name' | 'email' | 'role' | 'enrolledAt' | 'disabledAt' | 'createdAt'
>;

/** A one-time enrolment link's token (handed out once) and when it stops working. */
export interface EnrolmentLink {
  operatorId: string;
  token: string;
  expiresAt: Date;
}

/**
 * Operators: created (by the command line or an admin) with a one-time enrolment link, listed,
 * their role changed, disabled and enabled, their second factor reset. No operator changes their
 * own role or disables themselves, and the last enrolled admin can be neither demoted nor
 * disabled. Each change and its audit entry commit together.
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

  async create(
    actor: Actor,
    input: { name: string; email: string; role: OpsRole },
  ): Promise<Result<EnrolmentLink, UseCaseError>> {
    const name = input.name.trim();
    const email = normaliseEmail(input.email);
    if (name.length < 1 || name.length > 100) {
      return failWith('VALIDATION_FAILED', { field: 'name', reason: 'operator-name-length' });
    }
    if (!isPlausibleEmail(email)) {
      return failWith('VALIDATION_FAILED', { field: 'email', reason: 'operator-email-format' });
    }
    const now = new Date(this.clock.now());
    const id = this.random.uuid();
    return this.uow.run(async (tx) => {
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
      await tx.audit.append(
        entryOf(actor, now, {
          action: 'operator.create',
          targetType: 'operator',
          targetId: id,
          changes: {
            name: { before: null, after: name },
            email: { before: null, after: email },
            role: { before: null, after: input.role },
          },
        }),
      );
      return ok(await this.newLink(tx, id, now));
    });
  }

  async changeRole(
    actor: Actor,
    operatorId: string,
    change: { role: OpsRole; reason: string },
  ): Promise<Result<null, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      if (!(await lockAdminSet(tx, actor))) return failWith('NOT_FOUND');
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      if (actor.kind === 'operator' && actor.id === operatorId) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'own-role-change' });
      }
      if (target.role === change.role) return ok(null);
      if (target.role === 'admin' && (await this.isLastAdmin(tx, target))) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'last-admin-role' });
      }
      await tx.operators.setRole(operatorId, change.role);
      await tx.audit.append(
        entryOf(actor, now, {
          action: 'operator.role',
          targetType: 'operator',
          targetId: operatorId,
          reason: change.reason,
          changes: { role: { before: target.role, after: change.role } },
        }),
      );
      return ok(null);
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
      if (!(await lockAdminSet(tx, actor))) return failWith('NOT_FOUND');
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      if (change.disabled && actor.kind === 'operator' && actor.id === operatorId) {
        return failWith('OPS_CHANGE_REFUSED', { reason: 'self-disable' });
      }
      if ((target.disabledAt !== null) === change.disabled) return ok(null);
      if (change.disabled && target.role === 'admin' && (await this.isLastAdmin(tx, target))) {
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
   * Removes every second factor (the TOTP secret and every passkey), ends the sessions and hands
   * out a new enrolment link (which ends every earlier one).
   */
  async resetSecondFactor(
    actor: Actor,
    operatorId: string,
    reason: string,
  ): Promise<Result<EnrolmentLink, UseCaseError>> {
    const now = new Date(this.clock.now());
    return this.uow.run(async (tx) => {
      const target = await tx.operators.findById(operatorId);
      if (target === null) return failWith('NOT_FOUND');
      await tx.operators.clearSecondFactor(operatorId);
      const passkeys = await tx.operatorPasskeys.listForMember(operatorId);
      for (const passkey of passkeys) await tx.operatorPasskeys.remove(operatorId, passkey.id);
      await tx.operators.revokeSessionsOf(operatorId, now);
      await tx.audit.append(
        entryOf(actor, now, {
          action: 'operator.reset_second_factor',
          targetType: 'operator',
          targetId: operatorId,
          reason,
          changes: {
            enrolled: { before: target.enrolledAt !== null, after: false },
            passkeys: { before: passkeys.length, after: 0 },
          },
        }),
      );
      return ok(await this.newLink(tx, operatorId, now));
    });
  }

  private async isLastAdmin(
    tx: TransactionalStores,
    target: { enrolledAt: Date | null; disabledAt: Date | null },
  ): Promise<boolean> {
    const counts = target.enrolledAt !== null && target.disabledAt === null;
    return counts && (await tx.operators.countActiveAdmins()) <= 1;
  }

  private async newLink(
    tx: TransactionalStores,
    operatorId: string,
    now: Date,
  ): Promise<EnrolmentLink> {
    const token = this.random.sessionToken();
    const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS);
    await tx.operators.saveEnrolment({ tokenHash: hashToken(token), operatorId, expiresAt });
    return { operatorId, token, expiresAt };
  }
}
