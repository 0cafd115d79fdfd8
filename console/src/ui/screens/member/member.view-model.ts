import { inject, injectable } from 'inversify';
import { runInAction } from 'mobx';
import type { RevealResponse } from '../../../../../src/contract/ops-api';
import { observeExcept } from '../../../../../src/ui-kit/observe-except';
import type { MemberDetail } from '../../../domain/model/member';
import { reasonError } from '../../../domain/rules';
import type {
  MemberSupportUseCase,
  SupportAction,
  SupportOutcome,
} from '../../../domain/use-cases/member-support.use-case';
import { failureText } from '../../shared/failure-text';
import { ConsoleSessionViewModel } from '../../shared/session.view-model';
import { MEMBER_SUPPORT } from '../../shared/tokens';

/** One row of the member's payments. */
export interface MemberPaymentRow {
  id: string;
  /** The receipt number, or the transaction id while the payment has none. */
  name: string;
  amount: string;
  /** The status's label key; `status` is its code, the label's fallback. */
  statusKey: string;
  status: string;
  createdAt: string;
}

/**
 * One member's page: status, sessions, passkeys, payments and login throttle, and the support
 * actions the role allows, each confirmed in a dialog with a written reason.
 */
@injectable()
export class MemberViewModel {
  id: string | null = null;
  detail: MemberDetail | null = null;
  loadFailure: string | null = null;
  revealed: RevealResponse | null = null;
  /** The action whose dialog is open. */
  pending: SupportAction | null = null;
  reason = '';
  reasonError: string | null = null;
  actionFailure: string | null = null;
  /** Idle, or the open action's dialog being sent. */
  status: 'idle' | 'acting' = 'idle';
  /**
   * Where the view moves focus next: after a reveal, to the revealed data (its section's
   * heading), since the button that opened the dialog is gone; null once done.
   */
  focusRequest: 'personal-data' | null = null;
  /** The last action's outcome, as an i18n key and its values, for the status line. */
  done: { key: string; values: Record<string, number> } | null = null;

  constructor(
    @inject(MEMBER_SUPPORT) private readonly members: MemberSupportUseCase,
    @inject(ConsoleSessionViewModel) private readonly session: ConsoleSessionViewModel,
  ) {
    observeExcept(this, ['members', 'session']);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  async load(id: string): Promise<void> {
    this.id = id;
    const answer = await this.members.detail(id);
    runInAction(() =>
      this.loaded(answer.ok ? answer.value : null, answer.ok ? null : failureText(answer.error)),
    );
  }

  /**
   * The member's payments as every console screen names them: by receipt number (the transaction
   * id until there is one), with the status's label key (`payment.status.*`), never its raw code.
   */
  get payments(): MemberPaymentRow[] {
    return (this.detail?.payments ?? []).map((payment) => ({
      id: payment.paymentId,
      name: payment.receiptNumber ?? payment.paymentId,
      amount: payment.amount,
      statusKey: `payment.status.${payment.status}`,
      status: payment.status,
      createdAt: payment.createdAt,
    }));
  }

  /** Who the page names: the revealed data once revealed, else the masked member. */
  get shown(): { name: string; phoneNo: string; icOrPassport: string } | null {
    const revealed = this.revealed;
    if (revealed === null) return this.detail?.member ?? null;
    return {
      name: revealed.name,
      phoneNo: revealed.phone_no,
      icOrPassport: revealed.ic_or_passport,
    };
  }

  /** The actions the operator's role allows on this member, in the page's order. */
  get actions(): SupportAction[] {
    if (this.detail === null) return [];
    const actions: SupportAction[] = [];
    if (this.session.can('members.reveal') && this.revealed === null) actions.push('reveal');
    if (this.session.can('members.support')) {
      actions.push('sign-out-everywhere', 'clear-throttle');
      actions.push(this.detail.member.signInDisabled ? 'enable-sign-in' : 'disable-sign-in');
    }
    return actions;
  }

  open(action: SupportAction): void {
    this.pending = action;
    this.reason = '';
    this.reasonError = null;
    this.actionFailure = null;
  }

  cancel(): void {
    if (!this.busy) this.pending = null;
  }

  setReason(value: string): void {
    this.reason = value;
    if (this.reasonError) this.reasonError = reasonError(value);
  }

  async confirm(): Promise<void> {
    const action = this.pending;
    if (action === null || this.id === null || this.busy) return;
    this.reasonError = reasonError(this.reason);
    if (this.reasonError) return;
    this.status = 'acting';
    this.actionFailure = null;
    const answer = await this.members.act(this.id, action, this.reason);
    if (!answer.ok) {
      const { error } = answer;
      runInAction(() =>
        this.failed(error.field === 'reason' ? 'errors.reasonLength' : null, failureText(error)),
      );
      return;
    }
    runInAction(() => this.succeeded(answer.value));
    if (answer.value.action !== 'reveal') await this.reload();
  }

  /** The view has moved focus where focusRequest asked. */
  focusHandled(): void {
    this.focusRequest = null;
  }

  private async reload(): Promise<void> {
    if (this.id === null) return;
    const answer = await this.members.detail(this.id);
    if (answer.ok) runInAction(() => this.loaded(answer.value, null));
  }

  private loaded(detail: MemberDetail | null, failure: string | null): void {
    this.detail = detail;
    this.loadFailure = failure;
  }

  private failed(reasonKey: string | null, failure: string): void {
    this.status = 'idle';
    if (reasonKey) this.reasonError = reasonKey;
    else this.actionFailure = failure;
  }

  private succeeded(outcome: SupportOutcome): void {
    this.status = 'idle';
    this.pending = null;
    if (outcome.action === 'reveal') {
      this.revealed = outcome.revealed;
      this.focusRequest = 'personal-data';
    }
    this.done =
      outcome.action === 'sign-out-everywhere'
        ? { key: 'member.done.sign-out-everywhere', values: { count: outcome.signedOut } }
        : { key: `member.done.${outcome.action}`, values: {} };
  }
}
