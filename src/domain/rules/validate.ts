import { brokenRules, type FieldErrors } from '../../contract/field-errors';

export type { FieldErrors };

/**
 * Validates a form class instance. Rules read top-down: when several decorators on a field fail,
 * the one written first wins ('required' before 'pattern'). Forms outside /login's first bundle
 * become their class through `checkForm` (src/contract/form-check.ts) instead.
 */
export function validate<T extends object>(form: T): FieldErrors<T> {
  return brokenRules(form);
}

export const hasErrors = <T>(errors: FieldErrors<T>): boolean => Object.keys(errors).length > 0;
