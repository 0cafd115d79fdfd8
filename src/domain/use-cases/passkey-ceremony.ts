import type { Failure } from '../model/failure';
import type { PasskeyCeremonyFailure } from '../ports/passkey.port';

/** i18n keys of the browser-side passkey failures. */
export const CeremonyMessages: Readonly<Record<PasskeyCeremonyFailure, string>> = {
  CANCELLED: 'security.passkeys.cancelled',
  NOT_SUPPORTED: 'security.passkeys.unsupported',
  ORIGIN_REFUSED: 'security.passkeys.originRefused',
  FAILED: 'security.passkeys.ceremonyFailed',
};

/** A failure of the browser's part (no API code): its text's key, and whether it was a cancel. */
export interface CeremonyFailure extends Failure {
  ceremony: PasskeyCeremonyFailure;
}

export const ceremonyFailure = (reason: PasskeyCeremonyFailure): CeremonyFailure => ({
  key: CeremonyMessages[reason],
  ceremony: reason,
});
