import { type StoreSet } from './store-backends';

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`;
};

/** What every LoginFailureStore does, whatever stores the failures. */
export function loginFailureStoreContract(stores: () => StoreSet): void {
  it('answers the failures of one account after a time, oldest first', async () => {
    const { loginFailures } = stores();
    for (const minutes of [3, 1, 2, 0]) {
      await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(minutes) });
    }
    await loginFailures.record({ id: uuid(), accountKey: 'B7654321', at: at(2) });
    // Strictly after `since`: a failure at the boundary has left the window.
    expect(await loginFailures.failuresSince('A1234567', at(0))).toEqual([at(1), at(2), at(3)]);
    expect(await loginFailures.failuresSince('Z0000000', at(0))).toEqual([]);
  });

  it('clears the failures of one account only', async () => {
    const { loginFailures } = stores();
    await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(1) });
    await loginFailures.record({ id: uuid(), accountKey: 'B7654321', at: at(1) });
    await loginFailures.clear('A1234567');
    expect(await loginFailures.failuresSince('A1234567', at(0))).toEqual([]);
    expect(await loginFailures.failuresSince('B7654321', at(0))).toEqual([at(1)]);
  });

  it('deletes failures recorded before a cut-off, at most `limit` per call', async () => {
    const { loginFailures } = stores();
    for (const minutes of [1, 2, 3, 10]) {
      await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(minutes) });
    }
    expect(await loginFailures.deleteOlderThan(at(10), 2)).toBe(2);
    expect(await loginFailures.deleteOlderThan(at(10), 2)).toBe(1);
    expect(await loginFailures.deleteOlderThan(at(10), 2)).toBe(0);
    expect(await loginFailures.failuresSince('A1234567', at(0))).toEqual([at(10)]);
  });
}
