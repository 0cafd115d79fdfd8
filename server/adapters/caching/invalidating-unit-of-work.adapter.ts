import { type Invalidation } from '../../ports/invalidation-bus.port';
import { type MemberRepository } from '../../ports/member-repository.port';
import { type PersonalDataStore } from '../../ports/personal-data.port';
import { type SessionStore } from '../../ports/session-store.port';
import { type TransactionalStores, type UnitOfWork } from '../../ports/unit-of-work.port';
import { type ReadCaches } from './read-caches';

/**
 * A UnitOfWork whose revocations and member updates reach the caches once the transaction has
 * committed: earlier, a concurrent read could still see (and cache again) the old rows; and a
 * rolled-back unit changes nothing to forget.
 */
export class InvalidatingUnitOfWork implements UnitOfWork {
  constructor(
    private readonly inner: UnitOfWork,
    private readonly caches: ReadCaches,
  ) {}

  async run<T>(work: (stores: TransactionalStores) => Promise<T>): Promise<T> {
    const pending: Invalidation[] = [];
    const value = await this.inner.run((stores) =>
      work({
        ...stores,
        members: recordingMembers(stores.members, pending),
        sessions: recordingSessions(stores.sessions, pending),
        personalData: recordingErasures(stores.personalData, pending),
      }),
    );
    for (const event of pending) await this.caches.invalidate(event);
    return value;
  }
}

function recordingMembers(inner: MemberRepository, pending: Invalidation[]): MemberRepository {
  const changed = (memberId: string) => pending.push({ kind: 'member', memberId });
  return {
    findById: (id) => inner.findById(id),
    findByIcOrPassport: (value) => inner.findByIcOrPassport(value),
    findByPhone: (phoneNo) => inner.findByPhone(phoneNo),
    insert: (member) => inner.insert(member),
    updateName: async (id, name, now) => {
      const updated = await inner.updateName(id, name, now);
      changed(id);
      return updated;
    },
    updatePhone: async (id, phoneNo, now) => {
      const result = await inner.updatePhone(id, phoneNo, now);
      changed(id);
      return result;
    },
    updatePasswordHash: async (id, passwordHash, now) => {
      const updated = await inner.updatePasswordHash(id, passwordHash, now);
      changed(id);
      return updated;
    },
    lockLive: (id) => inner.lockLive(id),
    lockForSignIn: (id) => inner.lockForSignIn(id),
  };
}

function recordingSessions(inner: SessionStore, pending: Invalidation[]): SessionStore {
  return {
    create: (session) => inner.create(session),
    findByTokenHash: (tokenHash) => inner.findByTokenHash(tokenHash),
    touch: (id, now) => inner.touch(id, now),
    revoke: async (id, now) => {
      await inner.revoke(id, now);
      pending.push({ kind: 'session', sessionId: id });
    },
    revokeAllForMember: async (memberId, now, exceptSessionId) => {
      await inner.revokeAllForMember(memberId, now, exceptSessionId);
      pending.push({ kind: 'member-sessions', memberId });
    },
    deleteEnded: (cutoffs, limit) => inner.deleteEnded(cutoffs, limit),
    listUnrevokedForMember: (memberId) => inner.listUnrevokedForMember(memberId),
    revokeOfMember: async (memberId, sessionId, now) => {
      const revoked = await inner.revokeOfMember(memberId, sessionId, now);
      if (revoked) pending.push({ kind: 'session', sessionId });
      return revoked;
    },
  };
}

/** An erased member's row and sessions are forgotten by every cache once the unit commits. */
function recordingErasures(inner: PersonalDataStore, pending: Invalidation[]): PersonalDataStore {
  return {
    recordsOf: (memberId) => inner.recordsOf(memberId),
    erase: async (memberId, erased, now) => {
      const done = await inner.erase(memberId, erased, now);
      if (done) {
        pending.push({ kind: 'member-sessions', memberId }, { kind: 'member', memberId });
      }
      return done;
    },
  };
}
