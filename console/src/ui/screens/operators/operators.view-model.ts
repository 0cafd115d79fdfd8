import { inject, injectable } from 'inversify';
import type {
  EnrolmentLinkResponse,
  OperatorListResponse,
} from '../../../../../src/contract/ops-api';
import type { OpsRole } from '../../../../../src/contract/ops-roles';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import { emailError, nameError, reasonError } from '../../../domain/rules';
import type {
  OperatorChange,
  OperatorsUseCase,
} from '../../../domain/use-cases/operators.use-case';
import { failureText } from '../../shared/failure-text';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { OPERATORS } from '../../shared/tokens';

export type OperatorRow = OperatorListResponse['items'][number];

/** What the reason dialog confirms: a change of role, or disable / enable / reset. */
export type OperatorTask =
  | { kind: 'role'; operator: OperatorRow; role: OpsRole }
  | { kind: OperatorChange; operator: OperatorRow };

/**
 * The admin's operators page: the list, creating an operator (which shows their one-time
 * enrolment link once), and per operator a role change, disable or enable, and a second-factor
 * reset (a new link), each with a written reason. An admin's own row offers none of them.
 */
@injectable()
export class OperatorsViewModel {
  items: OperatorRow[] = [];
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
  busy = false;

  constructor(
    @inject(OPERATORS) private readonly operators: OperatorsUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
  ) {
    observeExcept(this, ['operators', 'session']);
  }

  async load(): Promise<void> {
    const answer = await this.operators.list();
    this.loaded(
      answer.ok ? answer.value.items : null,
      answer.ok ? null : failureText(answer.error),
    );
  }

  isSelf(row: OperatorRow): boolean {
    return this.session.operator?.id === row.id;
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

  async create(): Promise<void> {
    if (this.busy) return;
    const errors: Partial<Record<'name' | 'email', string>> = {};
    const name = nameError(this.name);
    const email = emailError(this.email);
    if (name) errors.name = name;
    if (email) errors.email = email;
    this.createErrors = errors;
    this.createFailure = null;
    if (Object.keys(errors).length > 0) return;
    this.busy = true;
    const answer = await this.operators.create({
      name: this.name,
      email: this.email,
      role: this.role,
    });
    if (answer.ok) {
      this.created({ ...answer.value, for: this.name.trim() });
      await this.load();
    } else this.createRefused(failureText(answer.error));
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
    this.busy = true;
    const answer =
      task.kind === 'role'
        ? await this.operators.changeRole(task.operator.id, task.role, this.reason)
        : await this.operators.change(task.operator.id, task.kind, this.reason);
    if (!answer.ok) {
      this.taskRefused(failureText(answer.error));
      return;
    }
    this.taskDone(answer.value ? { ...answer.value, for: task.operator.name } : null);
    await this.load();
  }

  private loaded(items: OperatorRow[] | null, failure: string | null): void {
    if (items !== null) this.items = items;
    this.loadFailure = failure;
  }

  private created(link: EnrolmentLinkResponse & { for: string }): void {
    this.busy = false;
    this.link = link;
    this.name = '';
    this.email = '';
    this.role = 'viewer';
  }

  private createRefused(failure: string): void {
    this.busy = false;
    this.createFailure = failure;
  }

  private taskRefused(failure: string): void {
    this.busy = false;
    this.taskFailure = failure;
  }

  private taskDone(link: (EnrolmentLinkResponse & { for: string }) | null): void {
    this.busy = false;
    this.task = null;
    if (link !== null) this.link = link;
  }
}
