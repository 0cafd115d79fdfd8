/**
 * The field rules of the product specification (docs/spec/product-spec.md) as plain constants,
 * shared by the SPA's form classes and the server's request schemas so both sides agree to the
 * character.
 */
export const IC_OR_PASSPORT_PATTERN = /^(\d{12}|[A-Za-z0-9]{6,9})$/;
/** Sign-up phone: digits only, not starting with 0, 9 to 15 digits in all (country code included). */
export const PHONE_PATTERN = /^[1-9]\d{8,14}$/;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt-era habits aside, argon2 takes any length; the cap keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;
export const RESET_PHONE_MIN_LENGTH = 10;
export const NATIONALITIES = ['Malaysian', 'Non-Malaysian'] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export const SMS_PURPOSES = ['registration', 'password_reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Money: digits with at most two decimals. */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
export const MIN_AMOUNT_SEN = 5000;
/** A sane upper bound for one online payment (MYR 1,000,000.00). */
export const MAX_AMOUNT_SEN = 100_000_000;
export const PAYMENT_METHODS = ['qr'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** IC/passport as stored: trimmed, letters upper-cased. */
export const normaliseIcOrPassport = (value: string): string => value.trim().toUpperCase();
/** Phone as stored: digits only, country code included. */
export const normalisePhone = (value: string): string =>
  value.trim().replace(/^\+/, '').replace(/[-\s]/g, '');
