import { at, uuidsIn } from './contract-time';
import { type StoreSet } from './store-backends';

const uuid = uuidsIn('a000');

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

  it('claims an attempt while the window has room, recording it as a failure', async () => {
    const { loginFailures } = stores();
    await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(1) });
    const claim = await loginFailures.claimAttempt(
      { id: uuid(), accountKey: 'A1234567', at: at(2) },
      at(0),
      2,
    );
    expect(claim).toEqual({ claimed: true });
    expect(await loginFailures.failuresSince('A1234567', at(0))).toEqual([at(1), at(2)]);
  });

  it('refuses a claim once the window is full, answering its failures and recording nothing', async () => {
    const { loginFailures } = stores();
    await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(0) });
    for (const minutes of [2, 1]) {
      await loginFailures.record({ id: uuid(), accountKey: 'A1234567', at: at(minutes) });
    }
    // Failures at or before `since` have left the window and leave room for a claim.
    expect(
      await loginFailures.claimAttempt({ id: uuid(), accountKey: 'A1234567', at: at(3) }, at(0), 2),
    ).toEqual({ claimed: false, failures: [at(1), at(2)] });
    expect(
      await loginFailures.claimAttempt({ id: uuid(), accountKey: 'B7654321', at: at(3) }, at(0), 2),
    ).toEqual({ claimed: true });
    expect(await loginFailures.failuresSince('A1234567', at(0))).toEqual([at(1), at(2)]);
  });

  it('grants at most `max` of many simultaneous claims for one account', async () => {
    const { loginFailures } = stores();
    const claims = await Promise.all(
      Array.from({ length: 30 }, () =>
        loginFailures.claimAttempt({ id: uuid(), accountKey: 'A1234567', at: at(1) }, at(0), 5),
      ),
    );
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(5);
    expect(await loginFailures.failuresSince('A1234567', at(0))).toHaveLength(5);
  });
}
