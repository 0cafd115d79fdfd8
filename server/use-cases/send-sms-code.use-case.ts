import { FALLBACK_LANGUAGE, type Language } from '../../src/contract/languages';
import { type SmsPurpose } from '../../src/contract/rules';
import { carriedAttempts, hashSmsCode, SMS_WINDOW_MS } from '../domain/sms-code-policy';
import { DEFAULT_SMS_BRAND, smsText } from '../domain/sms-texts';
import { type Clock } from '../ports/clock.port';
import { type Random } from '../ports/random.port';
import { type SmsSender } from '../ports/sms-sender.port';
import { type UnitOfWork } from '../ports/unit-of-work.port';
import { type SmsSendQueueUseCase } from './sms-send-queue.use-case';
import { failWith, ok, rateLimited, type Result, type UseCaseError } from './result';

export interface SendSmsCodeInput {
  /** Normalised: digits only. */
  phoneNo: string;
  purpose: SmsPurpose;
  clientAddress: string;
  /** The language of the page that asked (the request says it); English when not given. */
  language?: Language;
}

export interface SmsCodePolicy {
  ttlS: number;
  resendCooldownS: number;
  perPhonePerHour: number;
  perAddressPerHour: number;
  pepper: string;
  /** Who the text says sent it (SMS_BRAND); DEFAULT_SMS_BRAND when not given. */
  brand?: string;
  /** Adds the WebOTP line for this host (SMS_WEBOTP_DOMAIN). */
  webOtpDomain?: string;
}

/**
 * Issues a one-time code. Cooldown and hourly caps are checked and the request recorded while
 * holding a lock on the phone and one on the client address (database locks, so they hold across
 * instances too): simultaneous requests, for one phone or from one address, cannot slip past them. A password-reset request for
 * an unknown phone is throttled, stored and answered exactly like a known one, but sends nothing.
 */
export class SendSmsCodeUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sender: SmsSender,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly policy: SmsCodePolicy,
    /** Told when the send's outcome could not be recorded (the member's answer stands). */
    private readonly onRecordFailure: (error: unknown) => void = () => undefined,
    /**
     * The send queue: the message is queued in the code's transaction and the request answers
     * without waiting for the provider. Without it (unit tests) the code is sent after commit.
     */
    private readonly queue?: SmsSendQueueUseCase,
  ) {}

  async execute(input: SendSmsCodeInput): Promise<Result<{ expiresIn: number }, UseCaseError>> {
    const now = new Date(this.clock.now());
    const outcome = await this.uow.run(async ({ smsCodes, members, smsMessages }) => {
      // Always phone first, then address: one order everywhere, so two requests never deadlock.
      await smsCodes.lockPhone(input.phoneNo);
      await smsCodes.lockAddress(input.clientAddress);

      const last = await smsCodes.lastRequestAt(input.phoneNo, input.purpose);
      const cooldownMs = this.policy.resendCooldownS * 1000;
      if (last !== null && now.getTime() - last.getTime() < cooldownMs) {
        return rateLimited('SMS_COOLDOWN', { since: last, windowMs: cooldownMs, now });
      }
      const since = new Date(now.getTime() - SMS_WINDOW_MS);
      const byPhone = await smsCodes.requestTimesForPhone(input.phoneNo, since);
      if (byPhone.length >= this.policy.perPhonePerHour) {
        return rateLimited('SMS_PHONE_LIMIT', { since: byPhone[0], windowMs: SMS_WINDOW_MS, now });
      }
      const byAddress = await smsCodes.requestTimesForAddress(input.clientAddress, since);
      if (byAddress.length >= this.policy.perAddressPerHour) {
        return rateLimited('SMS_NETWORK_LIMIT', {
          since: byAddress[0],
          windowMs: SMS_WINDOW_MS,
          now,
        });
      }

      const member = await members.findByPhone(input.phoneNo);
      if (input.purpose === 'registration' && member !== null) {
        return failWith('MEMBER_PHONE_TAKEN');
      }
      const requestId = this.random.uuid();
      await smsCodes.recordRequest({
        id: requestId,
        phoneNo: input.phoneNo,
        purpose: input.purpose,
        clientAddress: input.clientAddress,
        requestedAt: now,
      });
      const code = this.random.smsCode();
      const previous = await smsCodes.latest(input.phoneNo, input.purpose, true);
      const codeId = this.random.uuid();
      const expiresAt = new Date(now.getTime() + this.policy.ttlS * 1000);
      await smsCodes.insert({
        id: codeId,
        phoneNo: input.phoneNo,
        purpose: input.purpose,
        codeHash: hashSmsCode(this.policy.pepper, input.phoneNo, input.purpose, code),
        attempts: carriedAttempts(previous, now),
        createdAt: now,
        expiresAt,
        consumedAt: null,
      });
      // An unknown phone gets a decoy code that is stored but never sent, so the reset step
      // answers it exactly like a known phone (wrong tries, dead, expired), not "no code".
      if (input.purpose === 'password_reset' && member === null) return ok(null);
      const letter = { purpose: input.purpose, code, body: this.textOf(input, code) };
      await this.queue?.enqueue({ smsMessages }, { codeId, requestId, letter, expiresAt });
      return ok({ code, codeId });
    });
    if (!outcome.ok) return outcome;

    // The provider call happens after commit: no transaction held open over the network.
    const sent =
      outcome.value === null ||
      (this.queue
        ? await this.queue.committed(outcome.value.codeId)
        : await this.deliver(input, outcome.value));
    return sent ? ok({ expiresIn: this.policy.ttlS }) : failWith('SMS_SEND_FAILED');
  }

  /** The text in the member's language, RM0 and the brand first (sms-texts.ts). */
  private textOf(input: SendSmsCodeInput, code: string): string {
    return smsText({
      brand: this.policy.brand ?? DEFAULT_SMS_BRAND,
      language: input.language ?? FALLBACK_LANGUAGE,
      purpose: input.purpose,
      code,
      ttlS: this.policy.ttlS,
      webOtpDomain: this.policy.webOtpDomain,
    }).body;
  }

  /** Hands the code to the provider and records its answer; false when it refused. */
  private async deliver(
    input: SendSmsCodeInput,
    { code, codeId }: { code: string; codeId: string },
  ): Promise<boolean> {
    try {
      const sent = await this.sender.send({
        phoneNo: input.phoneNo,
        purpose: input.purpose,
        code,
        // The code's id is the message's: one code, one message, for the provider's reference.
        id: codeId,
        body: this.textOf(input, code),
      });
      await this.recordSend(codeId, 'queued', sent?.providerMessageId ?? null);
      return true;
    } catch {
      await this.recordSend(codeId, 'failed', null);
      return false;
    }
  }

  /** What the provider answered, for support and its delivery reports to build on. */
  private async recordSend(
    codeId: string,
    status: 'queued' | 'failed',
    providerMessageId: string | null,
  ): Promise<void> {
    const at = new Date(this.clock.now());
    await this.uow
      .run(({ smsCodes }) =>
        smsCodes.recordSend(codeId, { status, providerMessageId, error: null, at }),
      )
      .catch(this.onRecordFailure);
  }
}
