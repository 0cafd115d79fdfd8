import { aMemberRow } from '../support/in-memory-stores';
import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const PHONE = '60121234567';
const uuid = uuidsIn('d000');

class Abort extends Error {}

/** What every UnitOfWork guarantees, whatever stores the data. */
export function unitOfWorkContract(stores: () => StoreSet): void {
  it('keeps every write of a unit that returns, and answers its value', async () => {
    const { unitOfWork, members, sessions, smsCodes } = stores();
    const member = aMemberRow({ phoneNo: PHONE });
    const value = await unitOfWork.run(async (tx) => {
      await tx.members.insert(member);
      await tx.sessions.create({ id: uuid(), memberId: member.id, tokenHash: 'h1', now: at(0) });
      await tx.smsCodes.recordRequest({
        id: uuid(),
        phoneNo: PHONE,
        purpose: 'registration',
        clientAddress: '1.1.1.1',
        requestedAt: at(0),
      });
      return 'done';
    });
    expect(value).toBe('done');
    expect(await members.findById(member.id)).toEqual(member);
    expect(await sessions.findByTokenHash('h1')).not.toBeNull();
    expect(await smsCodes.lastRequestAt(PHONE, 'registration')).toEqual(at(0));
  });

  it('undoes every write of a unit that throws, and passes the error on', async () => {
    const { unitOfWork, members, sessions, smsCodes } = stores();
    const member = aMemberRow({ phoneNo: PHONE });
    await members.insert(member);
    const code = {
      id: uuid(),
      phoneNo: PHONE,
      purpose: 'registration' as const,
      codeHash: 'hash',
      attempts: 0,
      createdAt: at(0),
      expiresAt: at(5),
      consumedAt: null,
    };
    await smsCodes.insert(code);

    const failing = unitOfWork.run(async (tx) => {
      expect(await tx.smsCodes.consume(code.id, at(1))).toBe(true);
      await tx.smsCodes.recordWrongAttempt(code.id);
      await tx.members.updatePasswordHash(member.id, 'changed', at(1));
      await tx.members.insert(aMemberRow());
      await tx.sessions.create({ id: uuid(), memberId: member.id, tokenHash: 'h2', now: at(1) });
      throw new Abort('changed my mind');
    });
    await expect(failing).rejects.toBeInstanceOf(Abort);

    expect(await smsCodes.latest(PHONE, 'registration')).toEqual(code);
    expect(await members.findById(member.id)).toEqual(member);
    expect(await sessions.findByTokenHash('h2')).toBeNull();
  });

  it('undoes the login failures and revocations of a unit that throws', async () => {
    const { unitOfWork, members, sessions, loginFailures } = stores();
    const member = aMemberRow();
    await members.insert(member);
    await sessions.create({ id: uuid(), memberId: member.id, tokenHash: 'h3', now: at(0) });
    await loginFailures.record({ id: uuid(), accountKey: member.icOrPassport, at: at(0) });

    const failing = unitOfWork.run(async (tx) => {
      await tx.loginFailures.clear(member.icOrPassport);
      await tx.loginFailures.record({ id: uuid(), accountKey: 'B7654321', at: at(1) });
      await tx.members.updatePasswordHash(member.id, 'changed', at(1));
      await tx.sessions.revokeAllForMember(member.id, at(1));
      throw new Abort('the connection dropped');
    });
    await expect(failing).rejects.toBeInstanceOf(Abort);

    expect(await loginFailures.failuresSince(member.icOrPassport, at(-1))).toEqual([at(0)]);
    expect(await loginFailures.failuresSince('B7654321', at(-1))).toEqual([]);
    expect((await members.findById(member.id))?.passwordHash).toBe(member.passwordHash);
    expect((await sessions.findByTokenHash('h3'))?.revokedAt).toBeNull();
  });

  it('serialises units that lock the same phone', async () => {
    const { unitOfWork, smsCodes } = stores();
    // Each unit records a request only when none is there yet: with the phone locked, the
    // second one sees the first one's request and records nothing.
    const requestOnce = () =>
      unitOfWork.run(async (tx) => {
        await tx.smsCodes.lockPhone(PHONE);
        if ((await tx.smsCodes.lastRequestAt(PHONE, 'registration')) !== null) return false;
        await tx.smsCodes.recordRequest({
          id: uuid(),
          phoneNo: PHONE,
          purpose: 'registration',
          clientAddress: '1.1.1.1',
          requestedAt: at(0),
        });
        return true;
      });
    const results = await Promise.all([requestOnce(), requestOnce(), requestOnce()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await smsCodes.requestTimesForPhone(PHONE, at(-1))).toEqual([at(0)]);
  });

  it('serialises units that lock the same client address, whatever phone they lock first', async () => {
    const { unitOfWork, smsCodes } = stores();
    // Each unit records a request only while the address has fewer than two: with the address
    // locked, the third and later see two and record nothing.
    const requestFrom = (phoneNo: string) =>
      unitOfWork.run(async (tx) => {
        await tx.smsCodes.lockPhone(phoneNo);
        await tx.smsCodes.lockAddress('1.1.1.1');
        if ((await tx.smsCodes.requestTimesForAddress('1.1.1.1', at(-1))).length >= 2) {
          return false;
        }
        await tx.smsCodes.recordRequest({
          id: uuid(),
          phoneNo,
          purpose: 'registration',
          clientAddress: '1.1.1.1',
          requestedAt: at(0),
        });
        return true;
      });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => requestFrom(`6012123456${index}`)),
    );
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(await smsCodes.requestTimesForAddress('1.1.1.1', at(-1))).toHaveLength(2);
  });
}
