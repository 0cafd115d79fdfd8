import {
  OPERATOR_EMAIL_MAX_LENGTH,
  OPERATOR_PASSWORD_MAX_LENGTH,
  TOTP_CODE_PATTERN,
} from '../../../src/contract/ops-rules';

/** The sign-in and enrolment forms' fields, as both their TOTP and their passkey calls take them. */
export const TOKEN = { type: 'string', minLength: 10, maxLength: 200 } as const;
export const EMAIL = {
  type: 'string',
  minLength: 3,
  maxLength: OPERATOR_EMAIL_MAX_LENGTH,
} as const;
export const PASSWORD = { type: 'string', maxLength: OPERATOR_PASSWORD_MAX_LENGTH } as const;
export const TOTP_CODE = { type: 'string', pattern: TOTP_CODE_PATTERN.source } as const;
export const SIGN_IN_TAGS = ['Sign-in'];
