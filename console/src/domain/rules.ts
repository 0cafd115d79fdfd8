/**
 * The console's form rules, each answering null or the i18n key of what is wrong. The server
 * checks the same limits and names the field when one fails.
 */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

export type RuleKey = string | null;

export function reasonError(reason: string): RuleKey {
  const length = reason.trim().length;
  if (length === 0) return 'errors.reasonRequired';
  if (length < REASON_MIN || length > REASON_MAX) return 'errors.reasonLength';
  return null;
}

export function totpCodeError(code: string): RuleKey {
  if (code.trim() === '') return 'errors.codeRequired';
  return /^\d{6}$/.test(code.trim()) ? null : 'errors.codeFormat';
}

export function emailError(email: string): RuleKey {
  if (email.trim() === '') return 'errors.emailRequired';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : 'errors.emailFormat';
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
