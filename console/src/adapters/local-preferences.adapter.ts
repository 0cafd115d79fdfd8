import type { PreferencesPort } from '../domain/ports/preferences.port';

/** PreferencesPort in localStorage; a browser that refuses storage keeps them for the visit. */
export class LocalPreferencesAdapter implements PreferencesPort {
  private readonly memory = new Map<string, string>();

  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? this.memory.get(key) ?? null;
    } catch {
      return this.memory.get(key) ?? null;
    }
  }

  set(key: string, value: string): void {
    this.memory.set(key, value);
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Kept in memory for this visit.
    }
  }
}
