import { isErasedMember } from '../../domain/personal-data';
import {
  type ChallengePurpose,
  type ChallengeRecord,
  counterMovesForward,
  type PasskeyRecord,
} from '../../domain/passkey';
import { type InsertPasskeyResult, type PasskeyStore } from '../../ports/passkey-store.port';
import { foreignKeyViolation, type InMemoryTable, type InMemoryTables } from './in-memory-tables';

/** Whose passkeys: members' (the member app) or operators' (the console), in tables of their own. */
export type PasskeyOwners = 'members' | 'operators';

/** Passkeys and challenges in memory, with PostgresPasskeyStore's rules. */
export class InMemoryPasskeyStore implements PasskeyStore {
  private readonly passkeys: InMemoryTable<PasskeyRecord>;
  private readonly challenges: InMemoryTable<ChallengeRecord>;

  constructor(
    private readonly tables: InMemoryTables,
    private readonly owners: PasskeyOwners = 'members',
  ) {
    this.passkeys = owners === 'members' ? tables.passkeys : tables.operatorPasskeys;
    this.challenges =
      owners === 'members' ? tables.webauthnChallenges : tables.operatorWebauthnChallenges;
  }

  /** Whether the owner exists (and is live: not erased, not disabled). */
  private ownerExists(id: string, live: boolean): boolean {
    if (this.owners === 'operators') {
      const operator = this.tables.operators.get(id);
      return operator !== undefined && (!live || operator.disabledAt === null);
    }
    const member = this.tables.members.get(id);
    return member !== undefined && (!live || !isErasedMember(member));
  }

  async saveChallenge(challenge: ChallengeRecord): Promise<void> {
    if (challenge.memberId !== null && !this.ownerExists(challenge.memberId, false)) {
      throw foreignKeyViolation('webauthn_challenges_member_id_fkey');
    }
    this.challenges.insert(challenge.challenge, challenge);
  }

  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
  ): Promise<ChallengeRecord | null> {
    const row = this.challenges.get(challenge);
    if (row === undefined || row.purpose !== purpose) return null;
    this.challenges.delete(challenge);
    return row;
  }

  async deleteExpiredChallenges(now: Date, limit: number): Promise<number> {
    const expired = this.challenges.find((row) => row.expiresAt < now).slice(0, limit);
    for (const row of expired) this.challenges.delete(row.challenge);
    return expired.length;
  }

  async insert(passkey: PasskeyRecord): Promise<InsertPasskeyResult> {
    if (!this.ownerExists(passkey.memberId, true)) return { ok: false, conflict: 'no_member' };
    const taken = this.passkeys.find((row) => row.credentialId === passkey.credentialId);
    if (taken.length > 0) return { ok: false, conflict: 'credential_id' };
    this.passkeys.insert(passkey.id, passkey);
    return { ok: true };
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const row = this.passkeys.find((one) => one.credentialId === credentialId)[0];
    return row === undefined ? null : structuredClone(row);
  }

  async listForMember(memberId: string): Promise<PasskeyRecord[]> {
    return this.passkeys
      .all()
      .filter((row) => row.memberId === memberId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async rename(memberId: string, id: string, name: string): Promise<boolean> {
    if (this.passkeys.get(id)?.memberId !== memberId) return false;
    return this.passkeys.update(id, (row) => ({ ...row, name }));
  }

  async remove(memberId: string, id: string): Promise<boolean> {
    if (this.passkeys.get(id)?.memberId !== memberId) return false;
    return this.passkeys.delete(id);
  }

  async recordUse(id: string, signCount: number, at: Date): Promise<boolean> {
    const row = this.passkeys.get(id);
    if (row === undefined || !counterMovesForward(row.signCount, signCount)) return false;
    return this.passkeys.update(id, (one) => ({ ...one, signCount, lastUsedAt: at }));
  }
}
