import { type SmsPurpose } from '../../src/contract/rules';
import { codeState, hashSmsCode, sameHash, type SmsCodeRecord } from '../domain/sms-code-policy';
import { type SmsCodeStore } from '../ports/sms-code-store.port';
import { type ErrorCode } from '../../src/contract/errors';
import { err, ok, type Result } from '../../src/contract/result';

export type CodeFailure = 'missing' | 'used' | 'expired' | 'dead' | 'wrong';

/** The error code each failure answers (all 400, naming tac_code). */
export const CODE_FAILURE_CODES = {
  missing: 'SMS_CODE_MISSING',
  used: 'SMS_CODE_USED',
  expired: 'SMS_CODE_EXPIRED',
  dead: 'SMS_CODE_LOCKED',
  wrong: 'SMS_CODE_WRONG',
} as const satisfies Record<CodeFailure, ErrorCode>;

/**
 * Checks and consumes the live code for phone + purpose inside the caller's transaction.
 * The row is locked (FOR UPDATE) and consumption is conditional, so of two simultaneous correct
 * uses exactly one gets `ok`. A wrong code counts one try; the caller must commit that.
 */
export async function verifyAndConsumeCode(
  smsCodes: SmsCodeStore,
  input: {
    phoneNo: string;
    purpose: SmsPurpose;
    code: string;
    pepper: string;
    maxAttempts: number;
  },
  now: Date,
): Promise<Result<SmsCodeRecord, CodeFailure>> {
  const code = await smsCodes.latest(input.phoneNo, input.purpose, true);
  const state = codeState(code, now, input.maxAttempts);
  if (state !== 'live' || code === null) return err(state as CodeFailure);
  const given = hashSmsCode(input.pepper, input.phoneNo, input.purpose, input.code);
  if (!sameHash(given, code.codeHash)) {
    await smsCodes.recordWrongAttempt(code.id);
    return err(code.attempts + 1 >= input.maxAttempts ? 'dead' : 'wrong');
  }
  if (!(await smsCodes.consume(code.id, now))) return err('used');
  return ok(code);
}

/**
 * A cheap look before the slow password hash: a missing, expired or dead code fails at once, so
 * a stream of hopeless requests costs no argon2 work. `used` is left to the locked check, which
 * can tell a concurrent twin's success (409) from a stale code (400).
 */
export async function hopelessCode(
  smsCodes: SmsCodeStore,
  input: { phoneNo: string; purpose: SmsPurpose; maxAttempts: number },
  now: Date,
): Promise<CodeFailure | null> {
  const state = codeState(
    await smsCodes.latest(input.phoneNo, input.purpose),
    now,
    input.maxAttempts,
  );
  return state === 'missing' || state === 'expired' || state === 'dead' ? state : null;
}
