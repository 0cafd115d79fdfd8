/** Member-facing texts shared by several use cases, kept in one place so they stay identical. */
export const MESSAGES = {
  loginFailed: 'Invalid IC/passport number or password.',
  phoneTaken: 'phone_no: this phone number is already registered.',
  icTaken: 'ic_or_passport: this IC/passport number is already registered.',
  codeWrong: 'tac_code: the code is incorrect.',
  codeExpired: 'tac_code: the code has expired. Please request a new code.',
  codeUsed: 'tac_code: the code has already been used. Please request a new code.',
  codeMissing: 'tac_code: no code was requested for this phone number. Please request a code.',
  codeDead: 'tac_code: too many wrong attempts. Please request a new code later.',
  smsFailed: 'We could not send the SMS code. Please try again.',
} as const;
