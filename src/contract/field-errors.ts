import { validateSync } from 'class-validator';

/** Field name -> i18n key of the one broken rule shown for it; empty when the form is valid. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** Picks the message shown for a field from its failed constraints (name -> message key). */
export type PickMessage = (constraints: Record<string, string>) => string | undefined;

/**
 * The rule written first (top-most above the field) wins: class-validator lists a field's failed
 * constraints bottom-up, hence the last one.
 */
export const firstWritten: PickMessage = (constraints) => {
  const messages = Object.values(constraints);
  return messages[messages.length - 1];
};

/** Checks a form class instance with class-validator: one message key per failing field. */
export function brokenRules<T extends object>(
  form: T,
  pick: PickMessage = firstWritten,
): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const error of validateSync(form)) {
    const message = pick(error.constraints ?? {});
    if (message !== undefined) errors[error.property] = message;
  }
  return errors as FieldErrors<T>;
}
