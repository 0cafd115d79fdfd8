import { OPERATOR_PASSWORD_MAX_LENGTH } from '../../../src/contract/ops-rules';

/** The sign-in and enrolment forms' fields, as both their TOTP and their passkey calls take them. */
export const TOKEN = { type: 'string', minLength: 10, maxLength: 200 } as const;
export const EMAIL = { type: 'string', minLength: 3, maxLength: 254 } as const;
export const PASSWORD = { type: 'string', maxLength: OPERATOR_PASSWORD_MAX_LENGTH } as const;
export const TOTP_CODE = { type: 'string', pattern: '^[0-9]{6}$' } as const;
export const SIGN_IN_TAGS = ['Sign-in'];
