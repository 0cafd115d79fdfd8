import { inject, injectable } from 'inversify';
import { observeExcept } from '../../../../src/ui-kit/observe-except';
import {
  PREFERENCES_PORT,
  PreferenceKeys,
  type PreferencesPort,
} from '../../domain/ports/preferences.port';

export type ThemeMode = 'light' | 'dark';

/** Where the theme shows: `<html data-theme>`, which the shared theme.css keys on. */
export const THEME_ROOT = Symbol.for('console.ThemeRoot');
export type ThemeRoot = (mode: ThemeMode) => void;
export const documentThemeRoot: ThemeRoot = (mode) =>
  document.documentElement.setAttribute('data-theme', mode);

/** Light (default) or dark, saved between visits; one for the whole console. */
@injectable()
export class ConsoleThemeViewModel {
  mode: ThemeMode = 'light';

  constructor(
    @inject(PREFERENCES_PORT) private readonly preferences: PreferencesPort,
    @inject(THEME_ROOT) private readonly root: ThemeRoot,
  ) {
    observeExcept(this, ['preferences', 'root']);
  }

  get isDark(): boolean {
    return this.mode === 'dark';
  }

  start(): void {
    this.mode = this.preferences.get(PreferenceKeys.theme) === 'dark' ? 'dark' : 'light';
    this.root(this.mode);
  }

  toggle(): void {
    this.mode = this.isDark ? 'light' : 'dark';
    this.preferences.set(PreferenceKeys.theme, this.mode);
    this.root(this.mode);
  }
}
