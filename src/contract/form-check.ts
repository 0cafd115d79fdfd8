import { plainToInstance, Transform, type ClassConstructor } from 'class-transformer';
import { brokenRules, firstWritten, type FieldErrors, type PickMessage } from './field-errors';

/** A form's values as typed, by field, before they become the form's class. */
export type PlainValues<T> = { [K in keyof T]?: unknown };

/**
 * The design's one path from typed values to checked ones, shared by the member app and the
 * console: the plain values become the form's class with class-transformer's `plainToInstance`
 * (so its @Transform decorators run: trimming, normalising), then class-validator checks that
 * instance. Not used by /login's first bundle, which keeps class-transformer out of it.
 */
export function checkForm<T extends object>(
  formClass: ClassConstructor<T>,
  values: PlainValues<T>,
  pick: PickMessage = firstWritten,
): { form: T; errors: FieldErrors<T> } {
  const form = plainToInstance(formClass, values);
  return { form, errors: brokenRules(form, pick) };
}

/** A text field kept without its surrounding spaces (anything else is left as it came). */
export const Trimmed = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
