/** The console's saved preferences (theme, language), each under a key of its own. */
export interface PreferencesPort {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export const PREFERENCES_PORT = Symbol.for('ConsolePreferences');

/** The key of each preference the console keeps itself (the theme is the UI kit's, THEME_KEY). */
export const PreferenceKeys = {
  language: 'console.language',
} as const;
