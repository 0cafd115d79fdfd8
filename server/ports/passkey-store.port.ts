import { type ChallengePurpose, type ChallengeRecord, type PasskeyRecord } from '../domain/passkey';

/** Refused for a credential already registered, or when no live member has the passkey's id. */
export type InsertPasskeyResult =
  { ok: true } | { ok: false; conflict: 'credential_id' | 'no_member' };

export interface PasskeyStore {
  saveChallenge(challenge: ChallengeRecord): Promise<void>;
  /** Removes and answers the challenge (single use: of two racing takers, one gets it). */
  takeChallenge(challenge: string, purpose: ChallengePurpose): Promise<ChallengeRecord | null>;
  /** Deletes up to `limit` challenges that expired before `now`; returns how many. */
  deleteExpiredChallenges(now: Date, limit: number): Promise<number>;
  /** A credential id already registered (to anyone) answers a conflict. */
  insert(passkey: PasskeyRecord): Promise<InsertPasskeyResult>;
  findByCredentialId(credentialId: string): Promise<PasskeyRecord | null>;
  /** Oldest first. */
  listForMember(memberId: string): Promise<PasskeyRecord[]>;
  /** False when the member holds no passkey with that id (another member's included). */
  rename(memberId: string, id: string, name: string): Promise<boolean>;
  remove(memberId: string, id: string): Promise<boolean>;
  /**
   * Records a sign-in: the new counter and the time, only while the counter moves forward
   * (counterMovesForward against the stored one, checked in the same statement); false when not.
   */
  recordUse(id: string, signCount: number, at: Date): Promise<boolean>;
}
