import { erasedMemberFields } from '../../../server/domain/personal-data';
import { aMemberRow } from '../support/in-memory-stores';
import { type StoreSet } from './store-backends';

const LATER = new Date(Date.UTC(2026, 0, 2, 9, 0, 0));

/** What every MemberRepository does, whatever stores the members. */
export function memberRepositoryContract(stores: () => StoreSet): void {
  it('finds a stored member by id, IC/passport and phone', async () => {
    const { members } = stores();
    const member = aMemberRow();
    expect(await members.insert(member)).toEqual({ ok: true });
    expect(await members.findById(member.id)).toEqual(member);
    expect(await members.findByIcOrPassport(member.icOrPassport)).toEqual(member);
    expect(await members.findByPhone(member.phoneNo)).toEqual(member);
  });

  it('reads many members by id in one call, leaving out unknown ids', async () => {
    const { members } = stores();
    const [one, two] = [aMemberRow(), aMemberRow()];
    await members.insert(one);
    await members.insert(two);
    const found = await members.findManyByIds?.([two.id, aMemberRow().id]);
    expect(found === undefined ? undefined : [...found.entries()]).toEqual([[two.id, two]]);
  });

  it('answers null for a member it does not hold', async () => {
    const { members } = stores();
    const absent = aMemberRow();
    expect(await members.findById(absent.id)).toBeNull();
    expect(await members.findByIcOrPassport(absent.icOrPassport)).toBeNull();
    expect(await members.findByPhone(absent.phoneNo)).toBeNull();
  });

  it('answers a conflict, not an error, for a taken IC/passport or phone, and stores nothing', async () => {
    const { members } = stores();
    const first = aMemberRow();
    await members.insert(first);
    const sameIc = aMemberRow({ icOrPassport: first.icOrPassport });
    const samePhone = aMemberRow({ phoneNo: first.phoneNo });
    expect(await members.insert(sameIc)).toEqual({ ok: false, conflict: 'ic_or_passport' });
    expect(await members.insert(samePhone)).toEqual({ ok: false, conflict: 'phone_no' });
    expect(await members.findById(sameIc.id)).toBeNull();
    expect(await members.findById(samePhone.id)).toBeNull();
  });

  it('updates the name and the password hash with the time of the change', async () => {
    const { members } = stores();
    const member = aMemberRow();
    await members.insert(member);
    expect(await members.updateName(member.id, 'Siti Nur', LATER)).toBe(true);
    expect(await members.updatePasswordHash(member.id, 'new-hash', LATER)).toBe(true);
    expect(await members.findById(member.id)).toEqual({
      ...member,
      name: 'Siti Nur',
      passwordHash: 'new-hash',
      updatedAt: LATER,
    });
  });

  it('changes the phone unless another member has it', async () => {
    const { members } = stores();
    const member = aMemberRow();
    const other = aMemberRow();
    await members.insert(member);
    await members.insert(other);
    expect(await members.updatePhone(member.id, other.phoneNo, LATER)).toBe('phone_taken');
    expect((await members.findById(member.id))?.phoneNo).toBe(member.phoneNo);
    expect(await members.updatePhone(member.id, '60199999999', LATER)).toBe('updated');
    expect(await members.findByPhone('60199999999')).toEqual({
      ...member,
      phoneNo: '60199999999',
      updatedAt: LATER,
    });
  });

  it('changes nothing, and says so, for a member it does not hold', async () => {
    const { members } = stores();
    const absent = aMemberRow();
    expect(await members.updateName(absent.id, 'Siti Nur', LATER)).toBe(false);
    expect(await members.updatePasswordHash(absent.id, 'new-hash', LATER)).toBe(false);
    expect(await members.updatePhone(absent.id, '60199999999', LATER)).toBe('no_member');
    expect(await members.lockLive(absent.id)).toBe(false);
  });

  it('locks a live member in a unit of work', async () => {
    const { members, unitOfWork } = stores();
    const member = aMemberRow();
    await members.insert(member);
    expect(await unitOfWork.run((tx) => tx.members.lockLive(member.id))).toBe(true);
  });

  it('holds an erased member as no member: no lookup finds them, no update changes them', async () => {
    const { members, unitOfWork } = stores();
    const member = aMemberRow();
    await members.insert(member);
    const erased = erasedMemberFields(member.id, 'unusable-hash');
    const erase = () =>
      unitOfWork.run(({ personalData }) => personalData.erase(member.id, erased, LATER));
    expect(await erase()).toBe(true);
    expect(await members.findById(member.id)).toBeNull();
    expect(await members.findManyByIds?.([member.id])).toEqual(new Map());
    expect(await members.findByIcOrPassport(erased.icOrPassport)).toBeNull();
    expect(await members.findByPhone(erased.phoneNo)).toBeNull();
    expect(await members.updateName(member.id, 'Written Back', LATER)).toBe(false);
    expect(await members.updatePhone(member.id, member.phoneNo, LATER)).toBe('no_member');
    expect(await members.updatePasswordHash(member.id, member.passwordHash, LATER)).toBe(false);
    expect(await members.lockLive(member.id)).toBe(false);
    expect(await erase()).toBe(false);
    expect(
      await unitOfWork.run(({ personalData }) => personalData.recordsOf(member.id)),
    ).toBeNull();
  });

  it('hands out copies: changing an answer changes nothing stored', async () => {
    const { members } = stores();
    const member = aMemberRow();
    await members.insert(member);
    const found = await members.findById(member.id);
    if (found) found.name = 'Changed Locally';
    member.name = 'Changed After Insert';
    expect((await members.findById(member.id))?.name).toBe('Aisyah Rahman');
  });
}
