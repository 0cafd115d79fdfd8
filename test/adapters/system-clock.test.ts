import { SystemClock } from '../../src/contract/clock';

describe('SystemClock', () => {
  const clock = new SystemClock();

  it('tells the real time', () => {
    const before = Date.now();
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('runs a callback after a delay, and not once cancelled', async () => {
    const ran: string[] = [];
    clock.after(1, () => ran.push('kept'));
    const cancel = clock.after(1, () => ran.push('cancelled'));
    cancel();
    await clock.sleep(20);
    expect(ran).toEqual(['kept']);
  });

  it('repeats until cancelled', async () => {
    let runs = 0;
    const cancel = clock.every(1, () => runs++);
    await clock.sleep(30);
    cancel();
    const afterCancel = runs;
    await clock.sleep(20);
    expect(afterCancel).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(afterCancel);
  });
});
