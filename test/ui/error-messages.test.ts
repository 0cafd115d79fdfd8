import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode } from '../../src/contract/errors';
import { CLIENT_FAILURE_CODES } from '../../src/domain/ports/http.port';
import { failureMessage, FIELD_RULE_KEYS } from '../../src/ui/shared/error-messages';
import type { UiMessage } from '../../src/ui/shared/notifier';

const en = JSON.parse(
  readFileSync(join(__dirname, '../../locales/en/translation.json'), 'utf8'),
) as Record<string, unknown>;

const english = (message: UiMessage): string | undefined => {
  if ('text' in message) return message.text;
  const found = message.key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof found === 'string' ? found : undefined;
};

/**
 * What a member read in English for each failure before failures carried codes (the server's
 * known sentences, translated): the code's text must still read exactly so.
 */
const ENGLISH_TEXT_BEFORE: ReadonlyArray<[ErrorCode, string]> = [
  ['AUTH_INVALID_CREDENTIALS', 'Invalid IC/passport number or password.'],
  [
    'MEMBER_PHONE_TAKEN',
    'This phone number is already registered. Please use a different number or try logging in.',
  ],
  ['MEMBER_IC_TAKEN', 'This IC/passport number is already registered.'],
  ['SMS_CODE_WRONG', 'The code is incorrect.'],
  ['SMS_CODE_EXPIRED', 'The code has expired. Please request a new code.'],
  ['SMS_CODE_USED', 'The code has already been used. Please request a new code.'],
  ['SMS_CODE_MISSING', 'No code was requested for this phone number. Please request a code.'],
  ['SMS_CODE_LOCKED', 'Too many wrong attempts. Please request a new code later.'],
  ['SMS_SEND_FAILED', 'We could not send the SMS code. Please try again.'],
  ['SMS_COOLDOWN', 'Please wait before requesting another code.'],
  ['SMS_PHONE_LIMIT', 'Too many codes were requested. Please try again later.'],
  ['SMS_NETWORK_LIMIT', 'Too many codes were requested. Please try again later.'],
  ['AUTH_TOO_MANY_ATTEMPTS', 'Too many failed login attempts. Please try again later.'],
  ['RATE_LIMITED', 'Too many requests. Please try again later.'],
  ['AUTH_SESSION_ENDED', 'Your session has ended, please log in again'],
  ['AUTH_REQUIRED', 'Your session has ended, please log in again'],
  ['MEMBER_NOT_FOUND', 'We could not find your account.'],
  [
    'PAYMENT_NOT_FOUND',
    'We could not find this transaction for your account. Please check the transaction ID.',
  ],
  ['PAYMENT_GATEWAY_UNAVAILABLE', 'The payment gateway is not available. Please try again.'],
  ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again.'],
  ['INTERNAL_ERROR', 'The service is temporarily unavailable. Please try again.'],
  [
    'DISALLOWED_CHARACTERS',
    'Something you typed contains characters that are not allowed. Please remove them and try again.',
  ],
  // Until now shown as the server's own sentence, which the translation keeps word for word.
  ['INVALID_REQUEST', 'Invalid request.'],
  ['NOT_FOUND', 'Not found.'],
  ['URL_INVALID', 'Request address is not valid.'],
  ['URL_TOO_LONG', 'Request address is too long.'],
  ['BODY_TOO_LARGE', 'Request body is too large.'],
  ['UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.'],
  ['PAYMENT_IDEMPOTENCY_CONFLICT', 'Idempotency-Key was already used for a different payment'],
];

describe('failure messages come from codes, never from the server text', () => {
  it.each(ENGLISH_TEXT_BEFORE)('%s reads in English: "%s"', (code, text) => {
    expect(english(failureMessage({ code }, 'login.failed'))).toBe(text);
  });

  it.each(Object.entries(FIELD_RULE_KEYS))(
    "a VALIDATION_FAILED on %s shows that field's rule, never the field name",
    (field, key) => {
      expect(failureMessage({ code: 'VALIDATION_FAILED', field }, 'login.failed')).toEqual({ key });
      expect(english({ key })).toBeDefined();
    },
  );

  it('a VALIDATION_FAILED on a field without a rule shows the fallback; without a field, its text', () => {
    expect(
      failureMessage({ code: 'VALIDATION_FAILED', field: 'body' }, 'profile.toast.updateFailed'),
    ).toEqual({ key: 'profile.toast.updateFailed' });
    expect(failureMessage({ code: 'VALIDATION_FAILED' }, 'login.failed')).toEqual({
      key: 'serverMessages.invalidRequest',
    });
  });

  it('disallowed characters get one text whichever field held them', () => {
    for (const field of ['name', 'remark', undefined]) {
      expect(
        failureMessage({ code: 'DISALLOWED_CHARACTERS', ...(field ? { field } : {}) }, 'x'),
      ).toEqual({ key: 'serverMessages.disallowedCharacters' });
    }
  });

  it.each(CLIENT_FAILURE_CODES.filter((code) => code !== 'UNKNOWN_FAILURE'))(
    '%s (nothing the API said) shows the fallback',
    (code) => {
      expect(failureMessage({ code }, 'payment.messages.failed')).toEqual({
        key: 'payment.messages.failed',
      });
    },
  );

  it("a code this app does not know shows the server's text, or the fallback without one", () => {
    expect(failureMessage({ code: 'UNKNOWN_FAILURE', message: 'Amount too large' }, 'x')).toEqual({
      text: 'Amount too large',
    });
    expect(failureMessage({ code: 'UNKNOWN_FAILURE' }, 'payment.messages.createFailed')).toEqual({
      key: 'payment.messages.createFailed',
    });
  });

  it('a failure without a code shows the fallback', () => {
    expect(failureMessage({}, 'signUp.phoneTaken')).toEqual({ key: 'signUp.phoneTaken' });
  });
});
