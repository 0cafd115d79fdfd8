import { type PasskeyRecord } from '../../../server/domain/passkey';
import { aMemberRow } from '../support/in-memory-stores';
import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const uuid = uuidsIn('c000');

/** What every PasskeyStore does, whatever stores the passkeys. */
export function passkeyStoreContract(stores: () => StoreSet): void {
  async function twoMembers() {
    const set = stores();
    const member = aMemberRow();
    const other = aMemberRow();
    await set.members.insert(member);
    await set.members.insert(other);
    const aPasskey = (overrides: Partial<PasskeyRecord> = {}): PasskeyRecord => ({
      id: uuid(),
      memberId: member.id,
      credentialId: `cred-${uuid()}`,
      publicKey: 'cHVibGljLWtleQ',
      signCount: 0,
      transports: ['internal', 'hybrid'],
      name: 'My phone',
      createdAt: at(0),
      lastUsedAt: null,
      ...overrides,
    });
    return { ...set, member, other, aPasskey };
  }

  it('stores passkeys per member, a credential id once across members', async () => {
    const { passkeys, member, other, aPasskey } = await twoMembers();
    const first = aPasskey();
    const second = aPasskey({ createdAt: at(1), transports: [] });
    expect(await passkeys.insert(first)).toEqual({ ok: true });
    expect(await passkeys.insert(second)).toEqual({ ok: true });
    expect(
      await passkeys.insert(aPasskey({ memberId: other.id, credentialId: first.credentialId })),
    ).toEqual({ ok: false, conflict: 'credential_id' });
    expect(await passkeys.listForMember(member.id)).toEqual([first, second]);
    expect(await passkeys.listForMember(other.id)).toEqual([]);
    expect(await passkeys.findByCredentialId(first.credentialId)).toEqual(first);
    expect(await passkeys.findByCredentialId('nobody')).toBeNull();
  });

  it("renames and removes only the member's own passkey", async () => {
    const { passkeys, member, other, aPasskey } = await twoMembers();
    const mine = aPasskey();
    await passkeys.insert(mine);
    expect(await passkeys.rename(other.id, mine.id, 'Stolen')).toBe(false);
    expect(await passkeys.remove(other.id, mine.id)).toBe(false);
    expect(await passkeys.rename(member.id, mine.id, 'Laptop')).toBe(true);
    expect((await passkeys.findByCredentialId(mine.credentialId))?.name).toBe('Laptop');
    expect(await passkeys.remove(member.id, mine.id)).toBe(true);
    expect(await passkeys.remove(member.id, mine.id)).toBe(false);
    expect(await passkeys.listForMember(member.id)).toEqual([]);
  });

  it('records a use only while the counter moves forward (0 stays 0)', async () => {
    const { passkeys, aPasskey } = await twoMembers();
    const zero = aPasskey();
    const counting = aPasskey({ signCount: 5 });
    await passkeys.insert(zero);
    await passkeys.insert(counting);
    expect(await passkeys.recordUse(zero.id, 0, at(1))).toBe(true);
    expect(await passkeys.recordUse(counting.id, 5, at(2))).toBe(false);
    expect(await passkeys.recordUse(counting.id, 4, at(2))).toBe(false);
    expect(await passkeys.recordUse(counting.id, 6, at(3))).toBe(true);
    expect(await passkeys.findByCredentialId(counting.credentialId)).toMatchObject({
      signCount: 6,
      lastUsedAt: at(3),
    });
    expect((await passkeys.findByCredentialId(zero.credentialId))?.lastUsedAt).toEqual(at(1));
  });

  it('hands a challenge out once, for its purpose only, and purges expired ones', async () => {
    const { passkeys, member } = await twoMembers();
    const challenge = {
      challenge: 'challenge-1',
      purpose: 'registration' as const,
      memberId: member.id,
      expiresAt: at(5),
    };
    await passkeys.saveChallenge(challenge);
    expect(await passkeys.takeChallenge('challenge-1', 'authentication')).toBeNull();
    const [a, b] = await Promise.all([
      passkeys.takeChallenge('challenge-1', 'registration'),
      passkeys.takeChallenge('challenge-1', 'registration'),
    ]);
    expect([a, b].filter((taken) => taken !== null)).toEqual([challenge]);

    await passkeys.saveChallenge({
      ...challenge,
      challenge: 'old',
      memberId: null,
      expiresAt: at(1),
    });
    await passkeys.saveChallenge({ ...challenge, challenge: 'new', expiresAt: at(10) });
    expect(await passkeys.deleteExpiredChallenges(at(2), 10)).toBe(1);
    expect(await passkeys.takeChallenge('old', 'registration')).toBeNull();
    expect(await passkeys.takeChallenge('new', 'registration')).not.toBeNull();
  });
}
