import { inject, injectable } from 'inversify';
import { STORAGE_PORT, StorageKeys, type StoragePort } from '../../domain/ports/storage.port';
import { observeExcept } from '../../ui-kit/observe-except';

export type ThemeMode = 'light' | 'dark';

/** Where the theme shows: the page root's data-theme attribute in the browser. */
export interface ThemeRoot {
  apply(mode: ThemeMode): void;
}

export const THEME_ROOT = Symbol.for('ThemeRoot');

/** The browser's ThemeRoot: `<html data-theme="light|dark">`, which theme.css keys on. */
export const documentThemeRoot: ThemeRoot = {
  apply: (mode) => document.documentElement.setAttribute('data-theme', mode),
};

const isThemeMode = (value: string | null): value is ThemeMode =>
  value === 'light' || value === 'dark';

/**
 * Light (default) or dark theme, saved under StorageKeys.themeMode. One instance
 * for the whole app (bind it as a singleton): every toggle and the page root share it.
 */
@injectable()
export class ThemeViewModel {
  mode: ThemeMode = 'light';

  constructor(
    @inject(STORAGE_PORT) private readonly storage: StoragePort,
    @inject(THEME_ROOT) private readonly root: ThemeRoot,
  ) {
    observeExcept(this, ['storage', 'root']);
  }

  get isDark(): boolean {
    return this.mode === 'dark';
  }

  /** Reads the saved mode (anything unknown means light) and applies it; safe to call again. */
  start(): void {
    const saved = this.storage.get(StorageKeys.themeMode);
    this.mode = isThemeMode(saved) ? saved : 'light';
    this.root.apply(this.mode);
  }

  setMode(mode: ThemeMode): void {
    this.mode = mode;
    this.storage.set(StorageKeys.themeMode, mode);
    this.root.apply(mode);
  }

  toggle(): void {
    this.setMode(this.isDark ? 'light' : 'dark');
  }

  /** Nothing scheduled; present so the view-model lifecycle is uniform. */
  dispose(): void {}
}
