import { aMemberRow } from '../support/in-memory-stores';
import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const uuid = uuidsIn('a000');

/** What every SessionStore does for the list of where a member is signed in. */
export function memberSessionsContract(stores: () => StoreSet): void {
  async function twoMembers() {
    const set = stores();
    const member = aMemberRow();
    const other = aMemberRow();
    await set.members.insert(member);
    await set.members.insert(other);
    const open = async (memberId: string, deviceLabel?: string | null, minutes = 0) => {
      const id = uuid();
      await set.sessions.create({
        id,
        memberId,
        tokenHash: `hash-${id}`,
        now: at(minutes),
        deviceLabel,
      });
      return id;
    };
    return { ...set, member, other, open };
  }

  it("lists a member's unrevoked sessions with their device labels, and nobody else's", async () => {
    const { sessions, member, other, open } = await twoMembers();
    const phone = await open(member.id, 'Chrome on Android', 0);
    const laptop = await open(member.id, null, 5);
    const ended = await open(member.id, 'Firefox on Linux', 1);
    await sessions.revoke(ended, at(2));
    await open(other.id, 'Safari on iOS');
    await sessions.touch(phone, at(30));

    const listed = await sessions.listUnrevokedForMember(member.id);
    expect(listed.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      {
        id: phone,
        memberId: member.id,
        createdAt: at(0),
        lastSeenAt: at(30),
        revokedAt: null,
        deviceLabel: 'Chrome on Android',
      },
      {
        id: laptop,
        memberId: member.id,
        createdAt: at(5),
        lastSeenAt: at(5),
        revokedAt: null,
        deviceLabel: null,
      },
    ]);
    expect(await sessions.listUnrevokedForMember(aMemberRow().id)).toEqual([]);
  });

  it("revokes one of the member's own sessions only, once", async () => {
    const { sessions, member, other, open } = await twoMembers();
    const mine = await open(member.id, 'Chrome on Android');
    const theirs = await open(other.id, 'Safari on iOS');

    expect(await sessions.revokeOfMember(member.id, theirs, at(1))).toBe(false);
    expect((await sessions.findByTokenHash(`hash-${theirs}`))?.revokedAt).toBeNull();
    expect(await sessions.revokeOfMember(member.id, uuid(), at(1))).toBe(false);

    expect(await sessions.revokeOfMember(member.id, mine, at(2))).toBe(true);
    expect(await sessions.revokeOfMember(member.id, mine, at(3))).toBe(false);
    expect((await sessions.findByTokenHash(`hash-${mine}`))?.revokedAt).toEqual(at(2));
    expect(await sessions.listUnrevokedForMember(member.id)).toEqual([]);
  });

  it('undoes a revocation made in a unit of work that fails', async () => {
    const { sessions, unitOfWork, member, open } = await twoMembers();
    const mine = await open(member.id, 'Chrome on Android');
    await expect(
      unitOfWork.run(async (tx) => {
        expect(await tx.sessions.revokeOfMember(member.id, mine, at(1))).toBe(true);
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect((await sessions.findByTokenHash(`hash-${mine}`))?.revokedAt).toBeNull();
  });
}
