import { IsNotEmpty, Matches, MaxLength, MinLength } from 'class-validator';
import { MatchesField } from './matches-field';
import {
  IC_OR_PASSPORT_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../contract/rules';

/**
 * Applies several property decorators as if stacked above the field in the order given: like a
 * stack, they are applied last first, so class-validator records (and validate() reports) them
 * exactly as the written stack would.
 */
function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [...decorators].reverse()) decorate(target, key);
  };
}

/** An IC or passport number: required, then of the accepted shape. */
export const IcOrPassportRules = (): PropertyDecorator =>
  stacked(
    IsNotEmpty({ message: 'validation.icRequired' }),
    Matches(IC_OR_PASSPORT_PATTERN, { message: 'validation.icInvalid' }),
  );

/** A password being chosen or typed: required (with its own message key), then within length. */
export const PasswordRules = (requiredKey: string): PropertyDecorator =>
  stacked(
    IsNotEmpty({ message: requiredKey }),
    MinLength(PASSWORD_MIN_LENGTH, { message: 'validation.passwordMin' }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: 'validation.passwordMax' }),
  );

/** The repeat of a new password: required, then equal to the field it confirms. */
export const ConfirmPasswordRules = (field: string): PropertyDecorator =>
  stacked(
    IsNotEmpty({ message: 'validation.confirmPasswordRequired' }),
    MatchesField(field, { message: 'validation.passwordsMustMatch' }),
  );

/** A form's values as a class-validator object: `SomeForm.of({ ... })`. */
export abstract class FormValues {
  static of<T extends FormValues>(this: new () => T, values: Partial<T>): T {
    return Object.assign(new this(), values);
  }
}
