import { Expose } from 'class-transformer';
import type { EnrolmentStartResponse } from '../../../../src/contract/ops-api';
import type { OpsRole } from '../../../../src/contract/ops-roles';
import { readAnswer } from './read-answer';

/** What an enrolment link opens: who is joining, as what, and the authenticator app's secret. */
export class EnrolmentInvitation {
  @Expose() name = '';
  @Expose() email = '';
  @Expose() role: OpsRole = 'viewer';
  /** The TOTP secret in base32, shown as text beside its QR code. */
  @Expose({ name: 'totp_secret' }) totpSecret = '';
  /** Its otpauth:// URI, which the QR code carries. */
  @Expose({ name: 'totp_uri' }) totpUri = '';
}

export const toEnrolmentInvitation = (wire: EnrolmentStartResponse): EnrolmentInvitation =>
  readAnswer(EnrolmentInvitation, wire);
