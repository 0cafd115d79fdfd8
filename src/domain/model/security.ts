import type { MemberSessionDto } from '../../contract/sessions';
import type { PasskeyDto } from '../../contract/passkeys';

/** One place the member is signed in. Times are ISO 8601; the screen says them in Malaysia time. */
export interface MemberSession {
  id: string;
  /** "Chrome on Android"; null when the device could not be told. */
  device: string | null;
  startedAt: string;
  lastActiveAt: string;
  /** The session of this browser. */
  current: boolean;
}

export const toMemberSession = (dto: MemberSessionDto): MemberSession => ({
  id: dto.session_id,
  device: dto.device,
  startedAt: dto.started_at,
  lastActiveAt: dto.last_active_at,
  current: dto.current,
});

/** One of the member's passkeys: its name and dates, never its key. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  /** Null before its first sign-in. */
  lastUsedAt: string | null;
}

export const toPasskey = (dto: PasskeyDto): Passkey => ({
  id: dto.passkey_id,
  name: dto.name,
  createdAt: dto.created_at,
  lastUsedAt: dto.last_used_at,
});
