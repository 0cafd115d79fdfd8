import type {
  ApproveChangeResponse,
  CreateOperatorRequest,
  EnrolmentLinkResponse,
  OperatorApprovalsResponse,
  OperatorChangeResponse,
  OperatorListResponse,
} from '../../../../src/contract/ops-api';
import type { OpsRole } from '../../../../src/contract/ops-roles';
import { err, ok } from '../../../../src/contract/result';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import { emailError, nameError, reasonError } from '../rules';

export type OperatorChange = 'disable' | 'enable' | 'reset-second-factor' | 'clear-sign-in-lock';

/** What a second admin does: approve or reject a waiting change, or confirm an operator. */
export type SecondAdminStep = 'approve' | 'reject' | 'confirm';

const invalid = (field: string) => err({ code: 'VALIDATION_FAILED' as const, field });

/**
 * The admin's work on operators: list, create (a one-time link), role, disable, reset, and the
 * second admin's steps (approve or reject a waiting change, confirm an operator).
 */
export class OperatorsUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  list(): Promise<OpsResult<OperatorListResponse>> {
    return this.http.call('operators', undefined);
  }

  /** The changes waiting for a second admin and the operators awaiting confirmation. */
  approvals(): Promise<OpsResult<OperatorApprovalsResponse>> {
    return this.http.call('operatorApprovals', undefined);
  }

  async create(request: CreateOperatorRequest): Promise<OpsResult<EnrolmentLinkResponse>> {
    if (nameError(request.name) !== null) return invalid('name');
    if (emailError(request.email) !== null) return invalid('email');
    return this.http.call('createOperator', {
      name: request.name.trim(),
      email: request.email.trim(),
      role: request.role,
    });
  }

  /** A role change: made, or (a grant of finance or admin) waiting for a second admin. */
  async changeRole(
    id: string,
    role: OpsRole,
    reason: string,
  ): Promise<OpsResult<OperatorChangeResponse>> {
    if (reasonError(reason) !== null) return invalid('reason');
    return this.http.call('changeOperatorRole', { role, reason: reason.trim() }, { id });
  }

  /** Disable, enable, clear a sign-in lock, or ask a second admin to reset the second factor. */
  async change(
    id: string,
    change: OperatorChange,
    reason: string,
  ): Promise<OpsResult<OperatorChangeResponse | null>> {
    if (reasonError(reason) !== null) return invalid('reason');
    const body = { reason: reason.trim() };
    if (change === 'disable') return this.http.call('disableOperator', body, { id });
    if (change === 'enable') return this.http.call('enableOperator', body, { id });
    if (change === 'clear-sign-in-lock') {
      const cleared = await this.http.call('clearOperatorSignInLock', body, { id });
      return cleared.ok ? ok(null) : cleared;
    }
    return this.http.call('resetOperatorSecondFactor', body, { id });
  }

  /**
   * A second admin's step on a change (its id) or an operator (theirs): an approved reset
   * answers the new enrolment link, for this admin to hand over.
   */
  async secondAdmin(
    step: SecondAdminStep,
    id: string,
    reason: string,
  ): Promise<OpsResult<ApproveChangeResponse | null>> {
    if (reasonError(reason) !== null) return invalid('reason');
    const body = { reason: reason.trim() };
    if (step === 'approve') return this.http.call('approveOperatorChange', body, { id });
    if (step === 'reject') return this.http.call('rejectOperatorChange', body, { id });
    return this.http.call('confirmOperator', body, { id });
  }
}
