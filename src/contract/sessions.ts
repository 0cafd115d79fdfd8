/**
 * Where a member is signed in: the live sessions of the member, and signing one or all others
 * out. No raw user-agent string and no address is ever part of these answers.
 */

/** One live session. */
export interface MemberSessionDto {
  session_id: string;
  /** "Chrome on Android"; null when the device could not be told from its user agent. */
  device: string | null;
  /** ISO 8601. */
  started_at: string;
  /** ISO 8601: the last use recorded (uses are recorded once a minute at most). */
  last_active_at: string;
  /** True for the session that asked. */
  current: boolean;
}

export interface MemberSessionsResponse {
  /** Most recently active first. */
  sessions: MemberSessionDto[];
}

export interface SignOutSessionRequest {
  session_id: string;
}

export interface SignOutOtherSessionsResponse {
  /** How many sessions were ended. */
  signed_out: number;
}

/** A session id as the API writes it (a UUID, lower case). */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
