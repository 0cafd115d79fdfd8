import { isSessionActive, type SessionRecord } from './session-policy';

/** A session as its member sees it in the list of where they are signed in. */
export interface MemberSessionRecord extends SessionRecord {
  /** From the user agent when the session started ("Chrome on Android"); null when unknown. */
  deviceLabel: string | null;
}

/** Longest device label kept (the column's CHECK); longer labels are cut. */
export const DEVICE_LABEL_MAX_LENGTH = 100;

export function boundedDeviceLabel(label: string | undefined): string | null {
  const trimmed = label?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, DEVICE_LABEL_MAX_LENGTH);
}

/** The live ones, most recently active first (ties: newest first, then by id). */
export function liveSessionsFirstActive(
  sessions: readonly MemberSessionRecord[],
  now: Date,
): MemberSessionRecord[] {
  return sessions
    .filter((session) => isSessionActive(session, now))
    .sort(
      (a, b) =>
        b.lastSeenAt.getTime() - a.lastSeenAt.getTime() ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
}
