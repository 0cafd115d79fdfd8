import { PASSKEY_NAME_MAX_LENGTH, passkeyNameLength } from '../../contract/passkeys';
import { ACCOUNT_DELETION_WORD } from '../../contract/personal-data';

/**
 * The i18n key of what is wrong with a passkey's name, or null when it will do: its length is
 * counted in code points, as the API counts it.
 */
export function passkeyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'security.passkeys.nameRequired';
  if (passkeyNameLength(trimmed) > PASSKEY_NAME_MAX_LENGTH) return 'security.passkeys.nameTooLong';
  return null;
}

/** The i18n key of what is wrong with a password typed to confirm a step, or null. */
export function confirmPasswordError(password: string): string | null {
  return password.length === 0 ? 'security.passwordRequired' : null;
}

/** Whether the member typed the deletion word (case and surrounding spaces aside), as the API. */
export function isDeletionConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === ACCOUNT_DELETION_WORD;
}
