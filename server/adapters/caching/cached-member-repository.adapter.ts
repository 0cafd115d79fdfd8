import { type Member } from '../../domain/member';
import {
  type InsertMemberResult,
  type MemberRepository,
  type UpdatePhoneResult,
} from '../../ports/member-repository.port';
import { type Clock } from '../../ports/clock.port';
import { type ReadCaches } from './read-caches';
import { RefreshAhead } from './refresh-ahead';

/**
 * A MemberRepository whose reads by id are served from memory for a few seconds (the session
 * check's profile), read again ahead of their expiry while in use when the clock is given.
 * Updates forget the member here at once and tell the other instances.
 */
export class CachedMemberRepository implements MemberRepository {
  /** Reads the members in use again before they expire (see CachedSessionStore). */
  readonly refreshAhead?: RefreshAhead<string, Member>;

  constructor(
    private readonly inner: MemberRepository,
    private readonly caches: ReadCaches,
    clock?: Clock,
  ) {
    const loadMany = inner.findManyByIds?.bind(inner);
    if (loadMany === undefined || clock === undefined) return;
    this.refreshAhead = new RefreshAhead(
      // A copy, as findById keeps: never the store's own object.
      {
        cache: caches.members,
        loadMany,
        keep: (_id, fresh) => ({ ...fresh }),
        usable: () => caches.usable,
      },
      clock,
    );
  }

  findHeldById(id: string): Readonly<Member> | undefined {
    return this.caches.usable ? this.caches.members.get(id) : undefined;
  }

  async findById(id: string): Promise<Member | null> {
    const held = this.findHeldById(id);
    if (held !== undefined) return { ...held };
    const cache = this.caches.members;
    const generation = cache.generation;
    const member = await this.inner.findById(id);
    if (member !== null && this.caches.usable) cache.setIfUnchanged(id, { ...member }, generation);
    return member;
  }

  findByIcOrPassport(icOrPassport: string): Promise<Member | null> {
    return this.inner.findByIcOrPassport(icOrPassport);
  }

  findByPhone(phoneNo: string): Promise<Member | null> {
    return this.inner.findByPhone(phoneNo);
  }

  insert(member: Member): Promise<InsertMemberResult> {
    return this.inner.insert(member);
  }

  async updateName(id: string, name: string, now: Date): Promise<boolean> {
    const updated = await this.inner.updateName(id, name, now);
    await this.caches.invalidate({ kind: 'member', memberId: id });
    return updated;
  }

  async updatePhone(id: string, phoneNo: string, now: Date): Promise<UpdatePhoneResult> {
    const result = await this.inner.updatePhone(id, phoneNo, now);
    await this.caches.invalidate({ kind: 'member', memberId: id });
    return result;
  }

  async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean> {
    const updated = await this.inner.updatePasswordHash(id, passwordHash, now);
    await this.caches.invalidate({ kind: 'member', memberId: id });
    return updated;
  }

  lockLive(id: string): Promise<boolean> {
    return this.inner.lockLive(id);
  }

  lockForSignIn(id: string): Promise<boolean> {
    return this.inner.lockForSignIn(id);
  }
}
