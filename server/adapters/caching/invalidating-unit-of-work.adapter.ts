import { type Invalidation } from '../../ports/invalidation-bus.port';
import { type MemberRepository } from '../../ports/member-repository.port';
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
      await inner.updateName(id, name, now);
      changed(id);
    },
    updatePhone: async (id, phoneNo, now) => {
      const result = await inner.updatePhone(id, phoneNo, now);
      changed(id);
      return result;
    },
    updatePasswordHash: async (id, passwordHash, now) => {
      await inner.updatePasswordHash(id, passwordHash, now);
      changed(id);
    },
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
  };
}
