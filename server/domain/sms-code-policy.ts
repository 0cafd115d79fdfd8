import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SmsPurpose } from '../../src/contract/rules';

export interface SmsCodeRecord {
  id: string;
  phoneNo: string;
  purpose: SmsPurpose;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** The window over which code requests are capped and wrong tries carried over to new codes. */
export const SMS_WINDOW_MS = 60 * 60 * 1000;

/** Codes are bound to phone and purpose by hashing all three under a server pepper. */
export function hashSmsCode(pepper: string, phoneNo: string, purpose: SmsPurpose, code: string) {
  return createHmac('sha256', pepper).update(`${purpose}:${phoneNo}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export type CodeState = 'missing' | 'used' | 'expired' | 'dead' | 'live';

export function codeState(code: SmsCodeRecord | null, now: Date, maxAttempts: number): CodeState {
  if (code === null) return 'missing';
  if (code.consumedAt !== null) return 'used';
  if (code.attempts >= maxAttempts) return 'dead';
  if (now.getTime() >= code.expiresAt.getTime()) return 'expired';
  return 'live';
}

/**
 * A new code inherits the wrong tries of the previous unused one from the same window, so
 * asking for a fresh code never buys extra guesses.
 */
export function carriedAttempts(previous: SmsCodeRecord | null, now: Date): number {
  if (previous === null || previous.consumedAt !== null) return 0;
  return now.getTime() - previous.createdAt.getTime() < SMS_WINDOW_MS ? previous.attempts : 0;
}

/**
 * Retention. Rules read codes only while they can be live (OTP_TTL_S, at most 1 h) or still pass
 * wrong tries on (created within SMS_WINDOW_MS), and request records only within SMS_WINDOW_MS
 * (hourly caps) or the resend cooldown (at most 1 h). A day on top of that is a safety margin
 * that also leaves a day of history for support questions.
 */
export const SMS_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Codes that expired before this time may be deleted. Measured from expiry (not creation) so a
 * longer code lifetime can never make the purge remove a live code; a code expired this long ago
 * was also created long before the carry-over window.
 */
export function smsCodePurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - SMS_RETENTION_MS);
}

/** Code requests made before this time may be deleted. */
export function smsRequestPurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - SMS_RETENTION_MS);
}
