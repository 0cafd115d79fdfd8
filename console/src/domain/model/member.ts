import { Expose, Type } from 'class-transformer';
import type { MemberDetailResponse, MemberSummaryDto } from '../../../../src/contract/ops-api';
import { readAnswer } from './read-answer';

/**
 * A member as the console's screens read them: the wire's snake_case answers
 * (src/contract/ops-api.ts) become these models in the use cases, so no screen reads a wire name.
 */
export class MemberSummary {
  @Expose() id = '';
  /** Masked unless revealed. */
  @Expose() name = '';
  @Expose({ name: 'phone_no' }) phoneNo = '';
  @Expose({ name: 'ic_or_passport' }) icOrPassport = '';
  @Expose({ name: 'created_at' }) createdAt = '';
  @Expose({ name: 'sign_in_disabled' }) signInDisabled = false;
}

export class MemberSession {
  @Expose() device: string | null = null;
  @Expose({ name: 'started_at' }) startedAt = '';
  @Expose({ name: 'last_active_at' }) lastActiveAt = '';
}

export class MemberPasskey {
  @Expose() name = '';
  @Expose({ name: 'created_at' }) createdAt = '';
}

export class MemberPayment {
  @Expose({ name: 'payment_id' }) paymentId = '';
  /** Null until the payment completes. */
  @Expose({ name: 'receipt_number' }) receiptNumber: string | null = null;
  /** Ringgit, as the API writes it ("12.50"). */
  @Expose() amount = '';
  @Expose() status = '';
  @Expose({ name: 'created_at' }) createdAt = '';
}

export class MemberThrottle {
  @Expose() failures = 0;
  @Expose() locked = false;
}

/** A code sent to the member's phone and what became of its SMS: never the code nor the text. */
export class MemberSms {
  @Expose() purpose = '';
  @Expose({ name: 'requested_at' }) requestedAt = '';
  /** Null while not sent (still queued with us). */
  @Expose() status: string | null = null;
  /** The provider's error code. */
  @Expose() error: string | null = null;
  @Expose({ name: 'status_at' }) statusAt: string | null = null;
}

/** One member's page: the member, their sign-ins, passkeys, payments and login throttle. */
export class MemberDetail {
  @Expose() @Type(() => MemberSummary) member = new MemberSummary();
  @Expose({ name: 'last_sign_in_at' }) lastSignInAt: string | null = null;
  @Expose() @Type(() => MemberSession) sessions: MemberSession[] = [];
  @Expose() @Type(() => MemberPasskey) passkeys: MemberPasskey[] = [];
  @Expose() @Type(() => MemberPayment) payments: MemberPayment[] = [];
  @Expose() @Type(() => MemberThrottle) throttle = new MemberThrottle();
  @Expose({ name: 'sms_messages' }) @Type(() => MemberSms) sms: MemberSms[] = [];
}

export const toMemberSummary = (wire: MemberSummaryDto): MemberSummary =>
  readAnswer(MemberSummary, wire);

export const toMemberDetail = (wire: MemberDetailResponse): MemberDetail =>
  readAnswer(MemberDetail, wire);
