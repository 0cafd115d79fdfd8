/**
 * The console's form rules, each answering null or the i18n key of what is wrong. The server
 * checks the same limits and names the field when one fails.
 */
import {
  OPERATOR_NAME_MAX_LENGTH,
  OPERATOR_PASSWORD_MAX_LENGTH,
  OPERATOR_PASSWORD_MIN_LENGTH,
  OPS_REASON_MAX_LENGTH,
  OPS_REASON_MIN_LENGTH,
  OPERATOR_EMAIL_MAX_LENGTH,
  OPERATOR_EMAIL_PATTERN,
  TOTP_CODE_PATTERN,
} from '../../../src/contract/ops-rules';

export const REASON_MIN = OPS_REASON_MIN_LENGTH;
export const REASON_MAX = OPS_REASON_MAX_LENGTH;
export const PASSWORD_MIN = OPERATOR_PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = OPERATOR_PASSWORD_MAX_LENGTH;
export const NAME_MAX = OPERATOR_NAME_MAX_LENGTH;

export type RuleKey = string | null;

export function reasonError(reason: string): RuleKey {
  const length = reason.trim().length;
  if (length === 0) return 'errors.reasonRequired';
  if (length < REASON_MIN || length > REASON_MAX) return 'errors.reasonLength';
  return null;
}

export function totpCodeError(code: string): RuleKey {
  if (code.trim() === '') return 'errors.codeRequired';
  return TOTP_CODE_PATTERN.test(code.trim()) ? null : 'errors.codeFormat';
}

export function emailError(email: string): RuleKey {
  if (email.trim() === '') return 'errors.emailRequired';
  const trimmed = email.trim();
  return trimmed.length <= OPERATOR_EMAIL_MAX_LENGTH && OPERATOR_EMAIL_PATTERN.test(trimmed)
    ? null
    : 'errors.emailFormat';
}

export function passwordError(password: string): RuleKey {
  if (password === '') return 'errors.passwordRequired';
  return password.length < PASSWORD_MIN || password.length > PASSWORD_MAX
    ? 'errors.passwordLength'
    : null;
}

export function newPasswordError(password: string, confirmation: string): RuleKey {
  return passwordError(password) ?? (password === confirmation ? null : 'errors.passwordMismatch');
}

export function nameError(name: string): RuleKey {
  const length = name.trim().length;
  if (length === 0) return 'errors.nameRequired';
  return length > NAME_MAX ? 'errors.nameLength' : null;
}
