/**
 * The console's field rules as plain constants, shared by the console's forms (their limits, hints
 * and `maxLength`s) and the server's ops request schemas and use cases, so both sides agree to the
 * character. The gateways a payment search names are GATEWAY_KINDS (gateways.ts).
 */

/** An audited action's written reason, trimmed: 3 to 500 characters. */
export const OPS_REASON_MIN_LENGTH = 3;
export const OPS_REASON_MAX_LENGTH = 500;

/** An operator's password: 12 to 128 characters (longer than members': a back office). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;

/** An operator's name, trimmed: 1 to 100 characters. */
export const OPERATOR_NAME_MAX_LENGTH = 100;

/** A manual refund's bank transfer reference, trimmed: 1 to 100 characters. */
export const TRANSFER_REFERENCE_MAX_LENGTH = 100;

/** An operator's e-mail address: something@something.tld, no spaces, at most 254 characters. */
export const OPERATOR_EMAIL_MAX_LENGTH = 254;
export const OPERATOR_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A code of the operator's authenticator app (TOTP): six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
