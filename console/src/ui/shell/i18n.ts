import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOfTag,
  type Language,
} from '../../../../src/contract/languages';
import { PreferenceKeys, type PreferencesPort } from '../../domain/ports/preferences.port';

/** The console's texts live in the `console` namespace: locales/<lng>/console.json. */
export const CONSOLE_NS = 'console';

/**
 * The console's i18next: all four languages bundled (the console is small and private, so no
 * second request), the saved choice first, then the browser's languages, English the fallback.
 */
export function initConsoleI18n(
  texts: Record<Language, ResourceKey>,
  preferences: PreferencesPort,
  instance: I18n = i18next,
): Promise<unknown> {
  const saved = preferences.get(PreferenceKeys.language);
  const browser = globalThis.navigator?.languages ?? [];
  const lng =
    [saved ?? '', ...browser].map((tag) => languageOfTag(tag)).find((l) => l !== null) ??
    FALLBACK_LANGUAGE;
  instance.on('languageChanged', (changed) => {
    const language = languageOfTag(changed);
    if (typeof document !== 'undefined' && language) {
      document.documentElement.lang = LANGUAGE_TAGS[language];
    }
    if (language) preferences.set(PreferenceKeys.language, language);
  });
  return instance.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { [CONSOLE_NS]: texts[l] }])),
    lng,
    ns: [CONSOLE_NS],
    defaultNS: CONSOLE_NS,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
  });
}

export { i18next };
