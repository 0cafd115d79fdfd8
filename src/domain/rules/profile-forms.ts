import {
  IsNotEmpty,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import { brokenRules, type FieldErrors, type PickMessage } from '../../contract/field-errors';
import { checkForm, Trimmed, type PlainValues } from '../../contract/form-check';
import {
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  normalisePhone,
} from '../../contract/rules';
import type { ProfileUpdate } from '../model/profile';

/** i18n keys of the profile screen's field rules (texts in locales/<lng>/translation.json). */
export const ProfileRuleKeys = {
  nameRequired: 'profile.validation.nameRequired',
  nameMinLength: 'profile.validation.nameMinLength',
  nameMaxLength: 'profile.validation.nameMaxLength',
  phoneRequired: 'profile.validation.phoneRequired',
  phoneInvalid: 'profile.validation.phoneInvalid',
  newPasswordRequired: 'profile.validation.newPasswordRequired',
  passwordMinLength: 'profile.validation.passwordMinLength',
  passwordMaxLength: 'profile.validation.passwordMaxLength',
  confirmPasswordRequired: 'profile.validation.confirmPasswordRequired',
  passwordsMustMatch: 'profile.validation.passwordsMustMatch',
} as const;

/** The value must equal another property of the same form (password confirmation). */
function EqualsProperty(property: string, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'equalsProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          args !== undefined && value === (args.object as Record<string, unknown>)[property],
      },
    },
    { message },
  );
}

/**
 * Full name, edited inline: required, 2..100 characters after trimming (the sign-up bounds).
 */
export class ProfileNameForm {
  @Trimmed()
  @IsNotEmpty({ message: ProfileRuleKeys.nameRequired })
  @MinLength(NAME_MIN_LENGTH, { message: ProfileRuleKeys.nameMinLength })
  @MaxLength(NAME_MAX_LENGTH, { message: ProfileRuleKeys.nameMaxLength })
  name: string;

  constructor(name = '') {
    this.name = name.trim();
  }
}

/**
 * Phone number (digits only, dial code included, as the phone input stores it). It follows the
 * sign-up phone rule so the server accepts it.
 */
export class ProfilePhoneForm {
  @IsNotEmpty({ message: ProfileRuleKeys.phoneRequired })
  @Matches(PHONE_PATTERN, { message: ProfileRuleKeys.phoneInvalid })
  phone_no: string;

  constructor(phoneNo = '') {
    this.phone_no = phoneNo;
  }
}

/** The 'Update Password' dialog. */
export class PasswordDialogForm {
  @IsNotEmpty({ message: ProfileRuleKeys.newPasswordRequired })
  @MinLength(PASSWORD_MIN_LENGTH, { message: ProfileRuleKeys.passwordMinLength })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ProfileRuleKeys.passwordMaxLength })
  new_password: string;

  @IsNotEmpty({ message: ProfileRuleKeys.confirmPasswordRequired })
  @EqualsProperty('new_password', ProfileRuleKeys.passwordsMustMatch)
  confirm_password: string;

  constructor(newPassword = '', confirmPassword = '') {
    this.new_password = newPassword;
    this.confirm_password = confirmPassword;
  }
}

/** Field name -> the one message key to show for it; empty when the form is valid. */
export type ProfileFieldErrors<F> = FieldErrors<F>;

/** "Required" wins over the others, so an empty field says it is required rather than too short. */
const requiredFirst: PickMessage = (constraints) =>
  constraints.isNotEmpty ?? Object.values(constraints)[0];

/** Validates a profile form instance, keeping one message per field (requiredFirst). */
export function validateProfileForm<F extends object>(form: F): ProfileFieldErrors<F> {
  return brokenRules(form, requiredFirst);
}

/** A profile form's typed values become its class (checkForm), then validateProfileForm's rules. */
export function checkProfileForm<F extends object>(
  formClass: new () => F,
  values: PlainValues<F>,
): { form: F; errors: ProfileFieldErrors<F> } {
  return checkForm(formClass, values, requiredFirst);
}

/**
 * The change an inline edit of the name or the phone asks for, and the i18n key of the broken
 * rule if any. The phone is kept as digits only, dial code included.
 */
export function inlineEditChange(
  field: 'name' | 'phone_no',
  draft: string,
): { change: ProfileUpdate; error: string | null } {
  if (field === 'name') {
    const { form, errors } = checkProfileForm(ProfileNameForm, { name: draft });
    return { change: { name: form.name }, error: errors.name ?? null };
  }
  const { form, errors } = checkProfileForm(ProfilePhoneForm, { phone_no: normalisePhone(draft) });
  return { change: { phone_no: form.phone_no }, error: errors.phone_no ?? null };
}
