import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type {
  EnrolmentLinkResponse,
  OperatorApprovalsResponse,
  OperatorChangeDto,
  OperatorListResponse,
  OperatorRef,
  UnconfirmedOperatorDto,
} from '../../../../../src/contract/ops-api';
import type { OpsRole } from '../../../../../src/contract/ops-roles';
import { checkForm } from '../../../../../src/contract/form-check';
import { ok } from '../../../../../src/contract/result';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { NewOperatorValues } from '../../../domain/forms';
import { reasonError } from '../../../domain/rules';
import type {
  OperatorChange,
  OperatorsUseCase,
} from '../../../domain/use-cases/operators.use-case';
import { failureText } from '../../shared/failure-text';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { OPERATORS } from '../../shared/tokens';

export type OperatorRow = OperatorListResponse['items'][number];

/**
 * What the reason dialog confirms: a change of role, or disable / enable / reset; or a second
 * admin's step: approve or reject a waiting change, confirm an operator.
 */
export type OperatorTask =
  | { kind: 'role'; operator: OperatorRow; role: OpsRole }
  | { kind: OperatorChange; operator: OperatorRow }
  | { kind: 'approve' | 'reject'; operator: OperatorRef; change: OperatorChangeDto }
  | { kind: 'confirm'; operator: OperatorRef };

/**
 * The admin's operators page: the list, creating an operator (which shows their one-time
 * enrolment link once), and per operator a role change, disable or enable, a second-factor
 * reset (a new link) and clearing their sign-in lock, each with a written reason. An admin's own row offers none of them.
 */
@injectable()
export class OperatorsViewModel {
  items: OperatorRow[] = [];
  /** What waits for a second admin. */
  approvals: OperatorApprovalsResponse = { changes: [], unconfirmed: [] };
  /** Set when the last change asked for waits for a second admin. */
  awaitsSecondAdmin = false;
  loadFailure: string | null = null;
  name = '';
  email = '';
  role: OpsRole = 'viewer';
  createErrors: Partial<Record<'name' | 'email', string>> = {};
  createFailure: string | null = null;
  /** The last link made (create or reset), for whom: shown once, never stored. */
  link: (EnrolmentLinkResponse & { for: string }) | null = null;
  task: OperatorTask | null = null;
  reason = '';
  reasonError: string | null = null;
  taskFailure: string | null = null;
  /** Idle, or the new operator's form or a task's dialog being sent. */
  status: 'idle' | 'creating' | 'acting' = 'idle';

  constructor(
    @inject(OPERATORS) private readonly operators: OperatorsUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
  ) {
    observeExcept(this, ['operators', 'session']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  async load(): Promise<void> {
    const [answer, approvals] = await Promise.all([
      this.operators.list(),
      this.operators.approvals(),
    ]);
    runInAction(() =>
      this.loaded(
        answer.ok ? answer.value.items : null,
        answer.ok ? null : failureText(answer.error),
        approvals.ok ? approvals.value : null,
      ),
    );
  }

  isSelf(row: { id: string }): boolean {
    return this.session.operator?.id === row.id;
  }

  /** A change this admin asked for: another admin approves it (they may still reject it). */
  isOwnRequest(change: OperatorChangeDto): boolean {
    return this.session.operator?.id === change.requested_by.id;
  }

  /** Whether this admin may confirm: not themselves, not the link's holder, once enrolled. */
  mayConfirm(waiting: UnconfirmedOperatorDto): boolean {
    const me = this.session.operator?.id;
    return waiting.enrolled && me !== waiting.operator.id && me !== waiting.link_holder?.id;
  }

  setName(value: string): void {
    this.name = value;
  }
  setEmail(value: string): void {
    this.email = value;
  }
  setRole(value: OpsRole): void {
    this.role = value;
  }

  /** The new operator's form: the operator is made and their enrolment link shown once. */
  async submit(): Promise<void> {
    if (this.busy) return;
    const { errors } = checkForm(NewOperatorValues, { name: this.name, email: this.email });
    this.createErrors = errors;
    this.createFailure = null;
    if (Object.keys(errors).length > 0) return;
    this.status = 'creating';
    const answer = await this.operators.create({
      name: this.name,
      email: this.email,
      role: this.role,
    });
    if (answer.ok) {
      runInAction(() => this.created({ ...answer.value, for: this.name.trim() }));
      await this.load();
    } else {
      const { error } = answer;
      runInAction(() => this.createRefused(failureText(error)));
    }
  }

  open(task: OperatorTask): void {
    this.task = task;
    this.reason = '';
    this.reasonError = null;
    this.taskFailure = null;
  }

  cancel(): void {
    if (!this.busy) this.task = null;
  }

  setReason(value: string): void {
    this.reason = value;
    if (this.reasonError) this.reasonError = reasonError(value);
  }

  async confirm(): Promise<void> {
    const task = this.task;
    if (task === null || this.busy) return;
    this.reasonError = reasonError(this.reason);
    if (this.reasonError) return;
    this.status = 'acting';
    const answer = await this.run(task);
    if (!answer.ok) {
      const { error } = answer;
      runInAction(() => this.taskRefused(failureText(error)));
      return;
    }
    const { link, pending } = answer.value;
    runInAction(() => this.taskDone(link ? { ...link, for: task.operator.name } : null, pending));
    await this.load();
  }

  /** The task's call, its answer as a link to show (an approved reset) and whether it waits. */
  private async run(task: OperatorTask) {
    const done = (link: EnrolmentLinkResponse | null, pending: boolean) => ({ link, pending });
    if (
      task.kind === 'role' ||
      task.kind === 'disable' ||
      task.kind === 'enable' ||
      task.kind === 'clear-sign-in-lock'
    ) {
      const answer =
        task.kind === 'role'
          ? await this.operators.changeRole(task.operator.id, task.role, this.reason)
          : await this.operators.change(task.operator.id, task.kind, this.reason);
      return answer.ok ? ok(done(null, (answer.value?.pending ?? null) !== null)) : answer;
    }
    if (task.kind === 'reset-second-factor') {
      const answer = await this.operators.change(task.operator.id, task.kind, this.reason);
      return answer.ok ? ok(done(null, true)) : answer;
    }
    const answer =
      task.kind === 'approve' || task.kind === 'reject'
        ? await this.operators.secondAdmin(task.kind, task.change.id, this.reason)
        : await this.operators.secondAdmin('confirm', task.operator.id, this.reason);
    return answer.ok ? ok(done(answer.value?.link ?? null, false)) : answer;
  }

  private loaded(
    items: OperatorRow[] | null,
    failure: string | null,
    approvals: OperatorApprovalsResponse | null,
  ): void {
    if (items !== null) this.items = items;
    if (approvals !== null) this.approvals = approvals;
    this.loadFailure = failure;
  }

  private created(link: EnrolmentLinkResponse & { for: string }): void {
    this.status = 'idle';
    this.link = link;
    this.name = '';
    this.email = '';
    this.role = 'viewer';
  }

  private createRefused(failure: string): void {
    this.status = 'idle';
    this.createFailure = failure;
  }

  private taskRefused(failure: string): void {
    this.status = 'idle';
    this.taskFailure = failure;
  }

  private taskDone(link: (EnrolmentLinkResponse & { for: string }) | null, pending: boolean): void {
    this.status = 'idle';
    this.task = null;
    this.awaitsSecondAdmin = pending;
    if (link !== null) this.link = link;
  }
}
