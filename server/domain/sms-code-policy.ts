import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SmsPurpose } from '../../src/domain/rules/patterns';

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

export type CodeCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'used' | 'expired' | 'dead' | 'wrong' };
