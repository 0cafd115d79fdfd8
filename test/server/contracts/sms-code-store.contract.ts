import { type SmsPurpose } from '../../../src/contract/rules';
import { type SmsCodeRecord } from '../../../server/domain/sms-code-policy';
import { at } from './contract-time';
import { type StoreSet } from './store-backends';

const PHONE = '60121234567';
let sequence = 0;
const uuid = (prefix = '0000') => {
  sequence += 1;
  return `00000000-0000-4000-${prefix}-${String(sequence).padStart(12, '0')}`;
};

const aCode = (overrides: Partial<SmsCodeRecord> = {}): SmsCodeRecord => ({
  id: uuid('b000'),
  phoneNo: PHONE,
  purpose: 'registration',
  codeHash: 'hash',
  attempts: 0,
  createdAt: at(0),
  expiresAt: at(5),
  consumedAt: null,
  ...overrides,
});

/** What every SmsCodeStore does, whatever stores the codes and the requests. */
export function smsCodeStoreContract(stores: () => StoreSet): void {
  it('answers the newest code of a phone and purpose, the higher id first on a tie', async () => {
    const { smsCodes } = stores();
    const older = aCode({ createdAt: at(0) });
    const tieLow = aCode({ id: '00000000-0000-4000-8000-00000000000a', createdAt: at(1) });
    const tieHigh = aCode({ id: '00000000-0000-4000-8000-00000000000b', createdAt: at(1) });
    const otherPurpose = aCode({ purpose: 'password_reset', createdAt: at(2) });
    for (const code of [tieHigh, older, tieLow, otherPurpose]) await smsCodes.insert(code);
    expect(await smsCodes.latest(PHONE, 'registration')).toEqual(tieHigh);
    expect(await smsCodes.latest(PHONE, 'password_reset')).toEqual(otherPurpose);
    expect(await smsCodes.latest('60120000000', 'registration')).toBeNull();
  });

  it('counts wrong tries and lets exactly one caller consume a code', async () => {
    const { smsCodes } = stores();
    const code = aCode();
    await smsCodes.insert(code);
    await smsCodes.recordWrongAttempt(code.id);
    await smsCodes.recordWrongAttempt(code.id);
    const results = await Promise.all([
      smsCodes.consume(code.id, at(1)),
      smsCodes.consume(code.id, at(2)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await smsCodes.consume(code.id, at(3))).toBe(false);
    const stored = await smsCodes.latest(PHONE, 'registration');
    expect(stored?.attempts).toBe(2);
    expect([at(1).getTime(), at(2).getTime()]).toContain(stored?.consumedAt?.getTime());
  });

  it('answers request times per phone (all purposes) and per address, after a time, oldest first', async () => {
    const { smsCodes } = stores();
    const request = (minutes: number, purpose: SmsPurpose, phoneNo = PHONE, address = '1.1.1.1') =>
      smsCodes.recordRequest({
        id: uuid('c000'),
        phoneNo,
        purpose,
        clientAddress: address,
        requestedAt: at(minutes),
      });
    await request(3, 'registration');
    await request(1, 'password_reset');
    await request(2, 'registration', '60120000000');
    await request(0, 'registration', PHONE, '2.2.2.2');

    expect(await smsCodes.requestTimesForPhone(PHONE, at(0))).toEqual([at(1), at(3)]);
    expect(await smsCodes.requestTimesForAddress('1.1.1.1', at(0))).toEqual([at(1), at(2), at(3)]);
    expect(await smsCodes.lastRequestAt(PHONE, 'registration')).toEqual(at(3));
    expect(await smsCodes.lastRequestAt(PHONE, 'password_reset')).toEqual(at(1));
    expect(await smsCodes.lastRequestAt('60120000000', 'password_reset')).toBeNull();
  });

  it('deletes codes expired and requests made before a cut-off, at most `limit` per call', async () => {
    const { smsCodes } = stores();
    for (const minutes of [1, 2, 3]) {
      await smsCodes.insert(aCode({ createdAt: at(minutes - 5), expiresAt: at(minutes) }));
      await smsCodes.recordRequest({
        id: uuid('c000'),
        phoneNo: PHONE,
        purpose: 'registration',
        clientAddress: '1.1.1.1',
        requestedAt: at(minutes),
      });
    }
    const live = aCode({ createdAt: at(9), expiresAt: at(14) });
    await smsCodes.insert(live);

    expect(await smsCodes.deleteCodesExpiredBefore(at(10), 2)).toBe(2);
    expect(await smsCodes.deleteCodesExpiredBefore(at(10), 2)).toBe(1);
    expect(await smsCodes.deleteCodesExpiredBefore(at(10), 2)).toBe(0);
    expect(await smsCodes.latest(PHONE, 'registration')).toEqual(live);

    expect(await smsCodes.deleteRequestsBefore(at(3), 5)).toBe(2);
    expect(await smsCodes.requestTimesForPhone(PHONE, at(-100))).toEqual([at(3)]);
  });
}
