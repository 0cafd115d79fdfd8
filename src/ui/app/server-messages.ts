/**
 * The API answers in English, and its 400s name the field ("phone_no: must be ..."). A member
 * never sees either: each message the server is known to send maps to a translated text, and a
 * message naming a field maps to that field's own rule. Anything else is left to the caller.
 */
const KNOWN: Readonly<Record<string, string>> = {
  'Invalid IC/passport number or password.': 'serverMessages.loginFailed',
  'phone_no: this phone number is already registered.': 'signUp.phoneTaken',
  'ic_or_passport: this IC/passport number is already registered.': 'serverMessages.icTaken',
  'tac_code: the code is incorrect.': 'serverMessages.codeWrong',
  'tac_code: the code has expired. Please request a new code.': 'serverMessages.codeExpired',
  'tac_code: the code has already been used. Please request a new code.': 'serverMessages.codeUsed',
  'tac_code: no code was requested for this phone number. Please request a code.':
    'serverMessages.codeMissing',
  'tac_code: too many wrong attempts. Please request a new code later.': 'serverMessages.codeDead',
  'We could not send the SMS code. Please try again.': 'serverMessages.smsFailed',
  'Please wait before requesting another code.': 'serverMessages.codeCooldown',
  'Too many codes were requested for this phone number. Please try again later.':
    'serverMessages.tooManyCodes',
  'Too many codes were requested from your network. Please try again later.':
    'serverMessages.tooManyCodes',
  'Too many failed login attempts. Please try again later.': 'serverMessages.tooManyLogins',
  'Too many requests. Please try again later.': 'serverMessages.tooManyRequests',
  'Your session has ended. Please log in again.': 'session.expired',
  'Please log in to continue.': 'session.expired',
  'Member not found.': 'serverMessages.memberNotFound',
  'Transaction not found.': 'paymentStatus.notFoundText',
  'Payment not found.': 'paymentStatus.notFoundText',
  'This payment belongs to another member.': 'paymentStatus.notFoundText',
  'Unknown payment': 'paymentStatus.notFoundText',
  'The payment gateway is not available. Please try again.': 'serverMessages.gatewayDown',
  'Service temporarily unavailable': 'serverMessages.unavailable',
  'Something went wrong. Please try again.': 'serverMessages.unavailable',
  'You can proceed with registration': 'serverMessages.canProceed',
};

/** What each field's rule says, for a 400 that names the field. */
const FIELD_RULES: Readonly<Record<string, string>> = {
  phone_no: 'validation.phoneInvalid',
  phone: 'validation.phoneInvalid',
  ic_or_passport: 'validation.icInvalid',
  ic: 'validation.icInvalid',
  password: 'validation.passwordMin',
  new_password: 'validation.passwordMin',
  name: 'validation.nameMin',
  nationality: 'validation.nationalityRequired',
  tac_code: 'validation.smsCodeIncomplete',
  amount: 'payment.validation.amountFormat',
  payment_method: 'payment.validation.methodInvalid',
};

/** 'field: ...' or 'field.sub: ...', as the server words a message about one field. */
const NAMES_A_FIELD = /^([A-Za-z_][\w.-]*):\s/;

export type ServerMessageMeaning =
  { kind: 'key'; key: string } | { kind: 'fieldMessage' } | { kind: 'unknown' };

/** The server's 400 for control characters names the field in words; the member gets one text. */
const DISALLOWED_CHARACTERS = / contains characters that are not allowed\.$/;

export function meaningOf(serverMessage: string): ServerMessageMeaning {
  const text = serverMessage.trim();
  const known = KNOWN[text];
  if (known) return { kind: 'key', key: known };
  if (DISALLOWED_CHARACTERS.test(text)) {
    return { kind: 'key', key: 'serverMessages.disallowedCharacters' };
  }
  const field = NAMES_A_FIELD.exec(text)?.[1];
  if (field === undefined) return { kind: 'unknown' };
  const rule = FIELD_RULES[field];
  return rule ? { kind: 'key', key: rule } : { kind: 'fieldMessage' };
}
