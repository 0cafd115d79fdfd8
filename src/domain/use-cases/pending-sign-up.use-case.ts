import { NATIONALITIES, type Nationality } from '../../contract/rules';
import type { Clock } from '../ports/clock.port';
import { StorageKeys, type StoragePort } from '../ports/storage.port';

/** The details a sign-up waiting for its code keeps: never the password. */
export interface SignUpDetails {
  name: string;
  nationality: Nationality;
  icOrPassport: string;
  phoneNo: string;
}

/** A sign-up whose code was sent: its details, and when the code dies and Resend opens (ms). */
export interface PendingSignUp extends SignUpDetails {
  /** The number the code went to, digits only. */
  sentTo: string;
  expiresAt: number | null;
  resendAt: number | null;
}

/** A kept sign-up older than this is not offered again: the tab was left for long. */
export const PENDING_SIGN_UP_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Keeps a sign-up that is waiting for its SMS code in the tab's own storage (sessionStorage), so a
 * reload of step 2 comes back to step 2 with the code's countdown where it was. The password is
 * never kept: the member types it again. Gone with the tab, after registering, or after an hour.
 */
export class PendingSignUpUseCase {
  constructor(
    private readonly storage: StoragePort,
    private readonly clock: Clock,
    /** Whether this page was loaded by a reload (or back/forward), not by a fresh visit. */
    private readonly reloaded: () => boolean = () => true,
  ) {}

  keep(pending: PendingSignUp): void {
    const { name, nationality, icOrPassport, phoneNo, sentTo, expiresAt, resendAt } = pending;
    const record = { name, nationality, icOrPassport, phoneNo, sentTo, expiresAt, resendAt };
    this.storage.set(
      StorageKeys.pendingSignUp,
      JSON.stringify({ ...record, keptAt: this.clock.now() }),
    );
  }

  /**
   * The kept sign-up to come back to: only when the page was reloaded (or reached by back and
   * forward); a fresh visit to sign-up starts at step 1.
   */
  resumable(): PendingSignUp | null {
    return this.reloaded() ? this.recall() : null;
  }

  /** The kept sign-up, or null when there is none, it is too old or it does not read back. */
  recall(): PendingSignUp | null {
    const raw = this.storage.get(StorageKeys.pendingSignUp);
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
    const pending = asPending(value);
    if (pending === null || this.clock.now() - pending.keptAt > PENDING_SIGN_UP_MAX_AGE_MS) {
      this.forget();
      return null;
    }
    const { keptAt: _keptAt, ...rest } = pending;
    return rest;
  }

  forget(): void {
    this.storage.remove(StorageKeys.pendingSignUp);
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

function asPending(value: unknown): (PendingSignUp & { keptAt: number }) | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const strings = [v.name, v.icOrPassport, v.phoneNo, v.sentTo].every(isString);
  const nationality = NATIONALITIES.find((known) => known === v.nationality);
  if (!strings || nationality === undefined) return null;
  if (!isTime(v.expiresAt) || !isTime(v.resendAt) || typeof v.keptAt !== 'number') return null;
  return {
    name: v.name as string,
    nationality,
    icOrPassport: v.icOrPassport as string,
    phoneNo: v.phoneNo as string,
    sentTo: v.sentTo as string,
    expiresAt: v.expiresAt,
    resendAt: v.resendAt,
    keptAt: v.keptAt,
  };
}
