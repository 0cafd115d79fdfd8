import { StorageKeys } from '../../src/domain/ports/storage.port';
import { ThemeViewModel, type ThemeMode, type ThemeRoot } from '../../src/ui-kit/theme.view-model';
import { InMemoryStorage } from '../fakes/in-memory-storage';

/** Records what would be written to <html data-theme>. */
class RecordingThemeRoot implements ThemeRoot {
  readonly applied: ThemeMode[] = [];
  apply(mode: ThemeMode): void {
    this.applied.push(mode);
  }
}

function setUp(saved?: string) {
  const storage = new InMemoryStorage(
    saved === undefined ? {} : { [StorageKeys.themeMode]: saved },
  );
  const root = new RecordingThemeRoot();
  return { vm: new ThemeViewModel(storage, root), storage, root };
}

describe('ThemeViewModel', () => {
  it('defaults to light and applies it when nothing is saved', () => {
    const { vm, root, storage } = setUp();

    vm.start();

    expect(vm.mode).toBe('light');
    expect(root.applied).toEqual(['light']);
    expect(storage.get(StorageKeys.themeMode)).toBeNull();
  });

  it('restores a saved dark theme', () => {
    const { vm, root } = setUp('dark');

    vm.start();

    expect(vm.isDark).toBe(true);
    expect(root.applied).toEqual(['dark']);
  });

  it('treats an unknown saved value as light', () => {
    const { vm } = setUp('sepia');

    vm.start();

    expect(vm.mode).toBe('light');
  });

  it('toggle flips the mode, saves it under themeMode and applies it', () => {
    const { vm, root, storage } = setUp();
    vm.start();

    vm.toggle();
    expect(vm.mode).toBe('dark');
    expect(storage.get('themeMode')).toBe('dark');

    vm.toggle();
    expect(vm.mode).toBe('light');
    expect(storage.get('themeMode')).toBe('light');
    expect(root.applied).toEqual(['light', 'dark', 'light']);
  });

  it('a new instance (next visit) starts with the mode saved by the last one', () => {
    const { vm, storage } = setUp();
    vm.start();
    vm.setMode('dark');

    const nextVisit = new ThemeViewModel(storage, new RecordingThemeRoot());
    nextVisit.start();

    expect(nextVisit.mode).toBe('dark');
  });
});
