import { validateSync } from 'class-validator';

/** Field name -> i18n key of its first failing rule. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Validates a form class instance. Rules read top-down: when several decorators on a field fail,
 * the one written first wins ('required' before 'pattern'). class-validator lists a field's failed
 * constraints bottom-up, hence the last one is taken.
 */
export function validate<T extends object>(form: T): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const error of validateSync(form)) {
    const messages = Object.values(error.constraints ?? {});
    const first = messages[messages.length - 1];
    if (first !== undefined) errors[error.property] = first;
  }
  return errors as FieldErrors<T>;
}

export const hasErrors = <T>(errors: FieldErrors<T>): boolean => Object.keys(errors).length > 0;
