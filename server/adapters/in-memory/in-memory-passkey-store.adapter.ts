import { isErasedMember } from '../../domain/personal-data';
import {
  type ChallengePurpose,
  type ChallengeRecord,
  counterMovesForward,
  type PasskeyRecord,
} from '../../domain/passkey';
import { type InsertPasskeyResult, type PasskeyStore } from '../../ports/passkey-store.port';
import { foreignKeyViolation, type InMemoryTables } from './in-memory-tables';

/** Passkeys and challenges in memory, with PostgresPasskeyStore's rules. */
export class InMemoryPasskeyStore implements PasskeyStore {
  constructor(private readonly tables: InMemoryTables) {}

  async saveChallenge(challenge: ChallengeRecord): Promise<void> {
    if (challenge.memberId !== null && !this.tables.members.has(challenge.memberId)) {
      throw foreignKeyViolation('webauthn_challenges_member_id_fkey');
    }
    this.tables.webauthnChallenges.insert(challenge.challenge, challenge);
  }

  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
  ): Promise<ChallengeRecord | null> {
    const row = this.tables.webauthnChallenges.get(challenge);
    if (row === undefined || row.purpose !== purpose) return null;
    this.tables.webauthnChallenges.delete(challenge);
    return row;
  }

  async deleteExpiredChallenges(now: Date, limit: number): Promise<number> {
    const expired = this.tables.webauthnChallenges
      .find((row) => row.expiresAt < now)
      .slice(0, limit);
    for (const row of expired) this.tables.webauthnChallenges.delete(row.challenge);
    return expired.length;
  }

  async insert(passkey: PasskeyRecord): Promise<InsertPasskeyResult> {
    const member = this.tables.members.get(passkey.memberId);
    if (member === undefined || isErasedMember(member)) return { ok: false, conflict: 'no_member' };
    const taken = this.tables.passkeys.find((row) => row.credentialId === passkey.credentialId);
    if (taken.length > 0) return { ok: false, conflict: 'credential_id' };
    this.tables.passkeys.insert(passkey.id, passkey);
    return { ok: true };
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const row = this.tables.passkeys.find((one) => one.credentialId === credentialId)[0];
    return row === undefined ? null : structuredClone(row);
  }

  async listForMember(memberId: string): Promise<PasskeyRecord[]> {
    return this.tables.passkeys
      .all()
      .filter((row) => row.memberId === memberId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async rename(memberId: string, id: string, name: string): Promise<boolean> {
    if (this.tables.passkeys.get(id)?.memberId !== memberId) return false;
    return this.tables.passkeys.update(id, (row) => ({ ...row, name }));
  }

  async remove(memberId: string, id: string): Promise<boolean> {
    if (this.tables.passkeys.get(id)?.memberId !== memberId) return false;
    return this.tables.passkeys.delete(id);
  }

  async recordUse(id: string, signCount: number, at: Date): Promise<boolean> {
    const row = this.tables.passkeys.get(id);
    if (row === undefined || !counterMovesForward(row.signCount, signCount)) return false;
    return this.tables.passkeys.update(id, (one) => ({ ...one, signCount, lastUsedAt: at }));
  }
}
