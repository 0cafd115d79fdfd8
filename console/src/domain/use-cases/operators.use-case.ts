import type {
  CreateOperatorRequest,
  EnrolmentLinkResponse,
  OperatorListResponse,
} from '../../../../src/contract/ops-api';
import type { OpsRole } from '../../../../src/contract/ops-roles';
import { err } from '../../../../src/contract/result';
import type { OpsHttpPort, OpsResult } from '../ports/ops-http.port';
import { emailError, nameError, reasonError } from '../rules';

export type OperatorChange = 'disable' | 'enable' | 'reset-second-factor';

const invalid = (field: string) => err({ code: 'VALIDATION_FAILED' as const, field });

/** The admin's work on operators: list, create (a one-time link), role, disable, reset. */
export class OperatorsUseCase {
  constructor(private readonly http: OpsHttpPort) {}

  list(): Promise<OpsResult<OperatorListResponse>> {
    return this.http.call('operators', undefined);
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

  async changeRole(id: string, role: OpsRole, reason: string): Promise<OpsResult<null>> {
    if (reasonError(reason) !== null) return invalid('reason');
    return this.http.call('changeOperatorRole', { role, reason: reason.trim() }, { id });
  }

  /** Disable, enable, or reset the second factor (answering a new enrolment link). */
  async change(
    id: string,
    change: OperatorChange,
    reason: string,
  ): Promise<OpsResult<EnrolmentLinkResponse | null>> {
    if (reasonError(reason) !== null) return invalid('reason');
    const body = { reason: reason.trim() };
    if (change === 'disable') return this.http.call('disableOperator', body, { id });
    if (change === 'enable') return this.http.call('enableOperator', body, { id });
    return this.http.call('resetOperatorSecondFactor', body, { id });
  }
}
