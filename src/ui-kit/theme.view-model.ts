import { inject, injectable } from 'inversify';
import { observeExcept } from './observe-except';

export type ThemeMode = 'light' | 'dark';

/** Where the theme shows: the page root's data-theme attribute in the browser. */
export interface ThemeRoot {
  apply(mode: ThemeMode): void;
}

/**
 * Where the chosen theme is kept between visits: the member app's storage port and the console's
 * preferences both have this shape (each app on its own origin, so one key serves both).
 */
export interface ThemeStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export const THEME_ROOT = Symbol.for('ThemeRoot');
export const THEME_STORE = Symbol.for('ThemeStore');

/** The key the chosen theme is kept under. */
export const THEME_KEY = 'themeMode';

/** The browser's ThemeRoot: `<html data-theme="light|dark">`, which theme.css keys on. */
export const documentThemeRoot: ThemeRoot = {
  apply: (mode) => document.documentElement.setAttribute('data-theme', mode),
};

const isThemeMode = (value: string | null): value is ThemeMode =>
  value === 'light' || value === 'dark';

/**
 * Light (default) or dark theme, saved under THEME_KEY: the member app's and the console's one
 * theme. One instance for the whole app (bind it as a singleton): every toggle and the page root
 * share it.
 */
@injectable()
export class ThemeViewModel {
  mode: ThemeMode = 'light';

  constructor(
    @inject(THEME_STORE) private readonly store: ThemeStore,
    @inject(THEME_ROOT) private readonly root: ThemeRoot,
  ) {
    observeExcept(this, ['store', 'root']);
  }

  get isDark(): boolean {
    return this.mode === 'dark';
  }

  /** Reads the saved mode (anything unknown means light) and applies it; safe to call again. */
  start(): void {
    const saved = this.store.get(THEME_KEY);
    this.mode = isThemeMode(saved) ? saved : 'light';
    this.root.apply(this.mode);
  }

  setMode(mode: ThemeMode): void {
    this.mode = mode;
    this.store.set(THEME_KEY, mode);
    this.root.apply(mode);
  }

  toggle(): void {
    this.setMode(this.isDark ? 'light' : 'dark');
  }

  /** Nothing scheduled; present so the view-model lifecycle is uniform. */
  dispose(): void {}
}
