import type { StoragePort } from '../../src/domain/ports/storage.port';

export class InMemoryStorage implements StoragePort {
  readonly items = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(initial)) this.items.set(k, v);
  }

  get(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.items.set(key, value);
  }

  remove(key: string): void {
    this.items.delete(key);
  }
}
