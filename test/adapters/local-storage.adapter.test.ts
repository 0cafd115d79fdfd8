import { LocalStorageAdapter } from '../../src/adapters/local-storage.adapter';

/** A tiny Storage stand-in (the unit project runs in node, without window.localStorage). */
class MapStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

class BrokenStorage extends MapStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
  override removeItem(): void {
    throw new Error('SecurityError');
  }
}

describe('LocalStorageAdapter', () => {
  it('stores, reads and removes', () => {
    const adapter = new LocalStorageAdapter(new MapStorage());
    expect(adapter.get('token')).toBeNull();
    adapter.set('token', 'tok-1');
    expect(adapter.get('token')).toBe('tok-1');
    adapter.remove('token');
    expect(adapter.get('token')).toBeNull();
  });

  it('behaves as empty storage when the browser refuses access', () => {
    const adapter = new LocalStorageAdapter(new BrokenStorage());
    expect(() => adapter.set('token', 'tok-1')).not.toThrow();
    expect(adapter.get('token')).toBeNull();
    expect(() => adapter.remove('token')).not.toThrow();
  });

  it('works without any storage at all', () => {
    const adapter = new LocalStorageAdapter(undefined);
    adapter.set('token', 'x');
    expect(adapter.get('token')).toBeNull();
  });
});
