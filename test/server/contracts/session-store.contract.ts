import { aMemberRow } from '../support/in-memory-stores';
import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const uuid = uuidsIn('9000');

/** What every SessionStore does, whatever stores the sessions. */
export function sessionStoreContract(stores: () => StoreSet): void {
  async function withMember() {
    const set = stores();
    const member = aMemberRow();
    await set.members.insert(member);
    const open = async (tokenHash: string, minutes = 0, memberId = member.id) => {
      const id = uuid();
      await set.sessions.create({ id, memberId, tokenHash, now: at(minutes) });
      return id;
    };
    return { ...set, member, open };
  }

  it('stores a session under its token hash, last seen at its creation', async () => {
    const { sessions, member, open } = await withMember();
    const id = await open('hash-1');
    expect(await sessions.findByTokenHash('hash-1')).toEqual({
      id,
      memberId: member.id,
      createdAt: at(0),
      lastSeenAt: at(0),
      revokedAt: null,
    });
    expect(await sessions.findByTokenHash('hash-2')).toBeNull();
  });

  it('reads many sessions by token hash in one call, leaving out unknown hashes', async () => {
    const { sessions, open } = await withMember();
    const a = await open('hash-a');
    await open('hash-b');
    const found = await sessions.findManyByTokenHash?.(['hash-a', 'hash-unknown']);
    expect(found === undefined ? undefined : [...found.keys()]).toEqual(['hash-a']);
    expect(found?.get('hash-a')).toEqual(await sessions.findByTokenHash('hash-a'));
    expect(found?.get('hash-a')?.id).toBe(a);
  });

  it('refuses a session of a member that does not exist', async () => {
    const { open } = await withMember();
    await expect(open('hash-x', 0, aMemberRow().id)).rejects.toMatchObject({ code: '23503' });
  });

  it('refuses a token hash that is already in use', async () => {
    const { open } = await withMember();
    await open('hash-1');
    await expect(open('hash-1')).rejects.toMatchObject({ code: '23505' });
  });

  it('moves last use forward only', async () => {
    const { sessions, open } = await withMember();
    const id = await open('hash-1');
    await sessions.touch(id, at(10));
    await sessions.touch(id, at(5));
    expect((await sessions.findByTokenHash('hash-1'))?.lastSeenAt).toEqual(at(10));
  });

  it('moves many sessions’ last use forward in one write, each by its own time, never back', async () => {
    const { sessions, open } = await withMember();
    // A store without touchMany is touched one session at a time (SessionTouches).
    if (sessions.touchMany === undefined) return;
    const a = await open('hash-a');
    const b = await open('hash-b', 20);
    await sessions.touchMany(
      new Map([
        [a, at(10)],
        [b, at(5)],
      ]),
    );
    expect((await sessions.findByTokenHash('hash-a'))?.lastSeenAt).toEqual(at(10));
    expect((await sessions.findByTokenHash('hash-b'))?.lastSeenAt).toEqual(at(20));
  });

  it('revokes once: a second revoke keeps the first time', async () => {
    const { sessions, open } = await withMember();
    const id = await open('hash-1');
    await sessions.revoke(id, at(1));
    await sessions.revoke(id, at(2));
    expect((await sessions.findByTokenHash('hash-1'))?.revokedAt).toEqual(at(1));
  });

  it("revokes all of a member's live sessions but the one kept, and nobody else's", async () => {
    const { sessions, members, member, open } = await withMember();
    const other = aMemberRow();
    await members.insert(other);
    const kept = await open('mine-kept');
    await open('mine-other');
    const earlier = await open('mine-revoked-before');
    await sessions.revoke(earlier, at(1));
    await open('theirs', 0, other.id);

    await sessions.revokeAllForMember(member.id, at(5), kept);
    expect((await sessions.findByTokenHash('mine-kept'))?.revokedAt).toBeNull();
    expect((await sessions.findByTokenHash('mine-other'))?.revokedAt).toEqual(at(5));
    expect((await sessions.findByTokenHash('mine-revoked-before'))?.revokedAt).toEqual(at(1));
    expect((await sessions.findByTokenHash('theirs'))?.revokedAt).toBeNull();
  });

  it('deletes sessions past any cut-off, at most `limit` per call', async () => {
    const { sessions, open } = await withMember();
    const revoked = await open('revoked', 0);
    await sessions.revoke(revoked, at(1));
    await open('idle', 0);
    await open('old', -100);
    const live = await open('live', 50);
    await sessions.touch(live, at(60));
    const cutoffs = { revokedBefore: at(2), lastSeenBefore: at(1), createdBefore: at(-50) };

    expect(await sessions.deleteEnded(cutoffs, 2)).toBe(2);
    expect(await sessions.deleteEnded(cutoffs, 2)).toBe(1);
    expect(await sessions.deleteEnded(cutoffs, 2)).toBe(0);
    for (const hash of ['revoked', 'idle', 'old']) {
      expect(await sessions.findByTokenHash(hash)).toBeNull();
    }
    expect(await sessions.findByTokenHash('live')).not.toBeNull();
  });
}
