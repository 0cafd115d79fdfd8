/** The console's saved preferences (theme, language), each under a key of its own. */
export interface PreferencesPort {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export const PREFERENCES_PORT = Symbol.for('ConsolePreferences');

export const PreferenceKeys = {
  theme: 'console.theme',
  language: 'console.language',
} as const;
