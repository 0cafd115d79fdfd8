import { SpacedReads } from '../../../../server/adapters/gateways/spaced-reads';

/** A remote value that counts its reads, each answering the value as it was when read. */
function remote() {
  const state = { value: 'unpaid', reads: 0 };
  const readNow = async () => {
    state.reads += 1;
    return state.value;
  };
  return { state, readNow };
}

describe('spaced reads of one key', () => {
  const SPACING_MS = 200;

  it('asks twice for twenty callers at once: the first, then one shared by the rest', async () => {
    const reads = new SpacedReads<string>(SPACING_MS);
    const { state, readNow } = remote();
    const began = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reads.read('b', readNow)));
    expect(state.reads).toBe(2);
    expect(answers).toHaveLength(20);
    expect(performance.now() - began).toBeGreaterThanOrEqual(SPACING_MS - 5);
  });

  it('gives a caller a value read after it came, never an older answer', async () => {
    const reads = new SpacedReads<string>(SPACING_MS);
    const { state, readNow } = remote();
    expect(await reads.read('b', readNow)).toBe('unpaid');
    state.value = 'paid';
    expect(await reads.read('b', readNow)).toBe('paid');
    expect(state.reads).toBe(2);
  });

  it('spaces keys apart from one another only', async () => {
    const reads = new SpacedReads<string>(SPACING_MS);
    const { state, readNow } = remote();
    const began = performance.now();
    await Promise.all(['a', 'b', 'c'].map((key) => reads.read(key, readNow)));
    expect(state.reads).toBe(3);
    expect(performance.now() - began).toBeLessThan(SPACING_MS);
  });

  it('shares a failure with the callers of that read, and reads again for the next', async () => {
    const reads = new SpacedReads<string>(0);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('down');
    };
    await expect(reads.read('b', failing)).rejects.toThrow('down');
    await expect(reads.read('b', failing)).rejects.toThrow('down');
    expect(calls).toBe(2);
  });
});
