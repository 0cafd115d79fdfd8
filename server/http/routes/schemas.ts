import {
  CODE_PATTERN,
  IC_OR_PASSPORT_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NATIONALITIES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  SMS_PURPOSES,
} from '../../../src/contract/rules';
import { LANGUAGES } from '../../../src/contract/languages';

/** JSON-schema fragments built from the shared field rules, so SPA and server agree. */
export const field = {
  phone: { type: 'string', pattern: PHONE_PATTERN.source },
  icOrPassport: { type: 'string', pattern: IC_OR_PASSPORT_PATTERN.source },
  password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  name: {
    type: 'string',
    minLength: NAME_MIN_LENGTH,
    maxLength: NAME_MAX_LENGTH,
    // At least one non-space character: "  " is not a name.
    pattern: '\\S',
  },
  nationality: { type: 'string', enum: [...NATIONALITIES] },
  code: { type: 'string', pattern: CODE_PATTERN.source },
  purpose: { type: 'string', enum: [...SMS_PURPOSES] },
  /** A language the portal speaks, as the SPA names it ('zn' for Chinese). */
  language: { type: 'string', enum: [...LANGUAGES] },
} as const;

/** An object body that refuses unknown fields. */
export function objectBody(
  properties: Record<string, object>,
  required: string[] = Object.keys(properties),
) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
