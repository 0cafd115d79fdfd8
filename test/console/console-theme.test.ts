import { createConsoleContainer } from '../../console/src/ui/shell/container';
import { THEME_KEY, ThemeViewModel, type ThemeMode } from '../../src/ui-kit/theme.view-model';
import { FakeClock } from '../fakes/fake-clock';
import { FakeConsolePasskeys } from './fake-console-passkeys';
import { FakeOpsHttp } from './fake-ops-http';

/** The console's theme is the UI kit's, the member app's one: kept among its preferences. */
function consoleWith(saved: Record<string, string> = {}) {
  const preferences = new Map(Object.entries(saved));
  const applied: ThemeMode[] = [];
  const container = createConsoleContainer({
    http: new FakeOpsHttp(),
    clock: new FakeClock(),
    passkeys: new FakeConsolePasskeys(),
    preferences: {
      get: (key) => preferences.get(key) ?? null,
      set: (key, value) => preferences.set(key, value),
    },
    themeRoot: { apply: (mode) => applied.push(mode) },
  });
  return { container, preferences, applied };
}

describe("the console's theme", () => {
  it('is one ThemeViewModel of the UI kit, restored from the preferences', () => {
    const { container, applied } = consoleWith({ [THEME_KEY]: 'dark' });
    const theme = container.get(ThemeViewModel);
    theme.start();
    expect(container.get(ThemeViewModel)).toBe(theme);
    expect([theme.mode, applied]).toEqual(['dark', ['dark']]);
  });

  it('saves a toggle under the kit key and shows it on the page root', () => {
    const { container, preferences, applied } = consoleWith();
    const theme = container.get(ThemeViewModel);
    theme.start();
    theme.toggle();
    expect([preferences.get(THEME_KEY), applied]).toEqual(['dark', ['light', 'dark']]);
  });
});
