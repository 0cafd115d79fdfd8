import type { StoragePort } from '../domain/ports/storage.port';

/**
 * StoragePort over window.localStorage. Storage can throw (private browsing, quota, disabled
 * cookies); the app then behaves as if nothing were stored rather than crashing.
 */
export class LocalStorageAdapter implements StoragePort {
  constructor(private readonly storage: Storage | undefined = globalThis.localStorage) {}

  get(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  set(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Not persisted: the session simply will not survive a reload.
    }
  }

  remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // Nothing to clean up if storage is unavailable.
    }
  }
}
