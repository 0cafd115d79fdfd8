import { type Clock } from '../ports/clock.port';
import { type SmsSender } from '../ports/sms-sender.port';
import { type ClaimedSms } from '../ports/sms-send-queue.port';
import { type TransactionalStores, type UnitOfWork } from '../ports/unit-of-work.port';
import { openSmsLetter, sealSmsLetter, type SmsLetter } from './sms-sealed-text';

export interface SmsQueuePolicy {
  /** SMS_CODE_PEPPER: the queued texts are sealed under a key derived from it. */
  pepper: string;
  /** Attempts in all for a provider's 5xx or timeout; a 4xx fails the message at once. */
  maxAttempts: number;
  /** The pause before the first retry, doubled for each next one. */
  retryDelayMs: number;
  /** How long an attempt may take before it counts as cut short (well past the send timeout). */
  leaseMs: number;
  /** Messages claimed at a time. */
  batch: number;
  /**
   * The request waits for its own message: only for the development outbox and the tests'
   * recorder, which are in-process, so nothing can be told from the time taken.
   */
  waitForSend: boolean;
}

/** What became of one attempt, for metrics and logs (never the phone, the code or the text). */
export type SmsAttemptOutcome = 'queued' | 'retry' | 'failed';

export interface SmsQueueReport {
  queued: number;
  retried: number;
  failed: number;
}

const SENDING_NEVER_SETTLED = 'interrupted';

/** A provider's HTTP status on a refusal (SmsSendError's); none for a timeout or network error. */
function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { httpStatus?: unknown } | null)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The SMS send queue. A code request stores its code and queues the message in one transaction
 * (enqueue) and answers at once; this worker hands each message to the provider, after the
 * commit on the instance that took the request (nudge) and on the recurring `sms-send` job
 * everywhere (run), which picks up retries and what a killed instance left.
 * - Retries back off (retryDelayMs, doubled) on a 5xx or a timeout, each with the code's id as
 *   the provider's reference, until maxAttempts or the code's expiry; a 4xx fails at once.
 * - Never twice for one code: an attempt is claimed (committed as `sending`) before the
 *   provider is called, so an attempt found still `sending` after its lease was cut short between
 *   the provider's answer and our commit; it may have gone out, so it is failed, not resent.
 * - A failed message forgets its request: the member's next "Resend" is not held by the cooldown.
 */
export class SmsSendQueueUseCase {
  private draining: Promise<void> | undefined;
  private drainAgain = false;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sender: SmsSender,
    private readonly clock: Clock,
    private readonly policy: SmsQueuePolicy,
    private readonly observe: (outcome: SmsAttemptOutcome) => void = () => undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Whether messages go out behind the requests' answers, with retries and an instance's
   * leftovers to pick up: then the recurring job must run. Waiting, each request settles its own.
   */
  get sendsBehindAnswers(): boolean {
    return !this.policy.waitForSend;
  }

  /** Inside the code's unit of work: the message commits with the code, or neither does. */
  async enqueue(
    stores: Pick<TransactionalStores, 'smsMessages'>,
    message: { codeId: string; requestId: string; letter: SmsLetter; expiresAt: Date },
  ): Promise<void> {
    await stores.smsMessages.enqueue({
      codeId: message.codeId,
      requestId: message.requestId,
      sealedText: sealSmsLetter(this.policy.pepper, message.letter),
      dueAt: new Date(this.clock.now()),
      expiresAt: message.expiresAt,
    });
  }

  /**
   * After the commit: true when the message is on its way. Only when the policy says to wait is
   * the provider's answer awaited (false: it refused); otherwise the worker is nudged.
   */
  async committed(codeId: string): Promise<boolean> {
    if (!this.policy.waitForSend) {
      this.nudge();
      return true;
    }
    // Waiting, the member is told of a refusal at once: nothing is left to retry behind them.
    const [claimed] = await this.claim(codeId);
    return claimed === undefined ? false : (await this.attempt(claimed, false)) === 'queued';
  }

  /** Starts a drain on this instance unless one is going (then it drains again after). */
  nudge(): void {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.run()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.draining = undefined;
        if (this.drainAgain) {
          this.drainAgain = false;
          this.nudge();
        }
      });
  }

  /** Waits for this instance's drain: a stopping server lets its sends settle first. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Sends every message due now, a batch at a time (the recurring job's run). */
  async run(): Promise<SmsQueueReport> {
    const report: SmsQueueReport = { queued: 0, retried: 0, failed: 0 };
    for (let batch = await this.claim(); batch.length > 0; batch = await this.claim()) {
      const outcomes = await Promise.all(batch.map((claimed) => this.attempt(claimed)));
      for (const outcome of outcomes) {
        if (outcome === 'queued') report.queued += 1;
        else if (outcome === 'retry') report.retried += 1;
        else report.failed += 1;
      }
    }
    return report;
  }

  private claim(codeId?: string): Promise<ClaimedSms[]> {
    const { leaseMs, batch } = this.policy;
    const now = new Date(this.clock.now());
    return this.uow.run(({ smsMessages }) => smsMessages.claimDue(now, leaseMs, batch, codeId));
  }

  private async attempt(claimed: ClaimedSms, retries = true): Promise<SmsAttemptOutcome> {
    const letter =
      claimed.sealedText === null ? null : openSmsLetter(this.policy.pepper, claimed.sealedText);
    if (claimed.interrupted) return this.fail(claimed, SENDING_NEVER_SETTLED);
    // Sealed under another SMS_CODE_PEPPER (changed while it waited): it cannot be read, only failed.
    if (letter === null) return this.fail(claimed, 'unreadable');
    if (this.clock.now() >= claimed.expiresAt.getTime()) return this.fail(claimed, 'expired');
    let providerMessageId: string | null;
    try {
      const sent = await this.sender.send({
        phoneNo: claimed.phoneNo,
        purpose: letter.purpose,
        code: letter.code,
        body: letter.body,
        // The code's id: the provider's reference, the same on every retry of this message.
        id: claimed.codeId,
      });
      providerMessageId = sent?.providerMessageId ?? null;
    } catch (error) {
      return this.refused(claimed, httpStatusOf(error), retries);
    }
    const at = new Date(this.clock.now());
    await this.uow.run(async ({ smsMessages, smsCodes }) => {
      await smsMessages.settle(claimed.codeId, { state: 'sent' });
      await smsCodes.recordSend(claimed.codeId, {
        status: 'queued',
        providerMessageId,
        error: null,
        at,
      });
    });
    this.observe('queued');
    return 'queued';
  }

  /** A 5xx or a timeout is retried while attempts and the code's life allow; a 4xx is final. */
  private async refused(claimed: ClaimedSms, status: number | undefined, retries: boolean) {
    const retryable = retries && (status === undefined || status >= 500);
    const pauseMs = this.policy.retryDelayMs * 2 ** (claimed.attempts - 1);
    const dueAt = new Date(this.clock.now() + pauseMs);
    if (!retryable || claimed.attempts >= this.policy.maxAttempts || dueAt >= claimed.expiresAt) {
      return this.fail(claimed, status === undefined ? 'timeout' : `HTTP ${status}`);
    }
    await this.uow.run(({ smsMessages }) =>
      smsMessages.settle(claimed.codeId, { state: 'pending', dueAt }),
    );
    this.observe('retry');
    return 'retry' as const;
  }

  /** Failed for good: support sees why, and the cooldown forgets the request. */
  private async fail(claimed: ClaimedSms, error: string): Promise<SmsAttemptOutcome> {
    const at = new Date(this.clock.now());
    await this.uow.run(async ({ smsMessages, smsCodes }) => {
      await smsMessages.settle(claimed.codeId, { state: 'failed' });
      await smsMessages.forgetRequest(claimed.requestId);
      await smsCodes.recordSend(claimed.codeId, {
        status: 'failed',
        providerMessageId: null,
        error,
        at,
      });
    });
    this.observe('failed');
    return 'failed';
  }
}
