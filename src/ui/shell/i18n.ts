import i18next, {
  type BackendModule,
  type i18n as I18n,
  type LanguageDetectorModule,
  type ResourceKey,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOfTag,
} from '../../contract/languages';
import { StorageKeys } from '../../domain/ports/storage.port';

/**
 * A browser's or a stored tag as the product names its language: 'zh', 'zh-CN', 'zh-TW' are
 * 'zn', 'ms-MY' is 'ms', 'en-GB' is 'en'. A language the portal does not speak is left as given
 * (i18next falls back to English).
 */
export const toSupportedLanguage = (detected: string): string =>
  languageOfTag(detected) ?? detected;

/** <html lang> wants a real language tag: the product's 'zn' is Chinese, 'zh'. */
export const htmlLangOf = (lng: string): string => {
  const language = languageOfTag(lng);
  return language ? LANGUAGE_TAGS[language] : lng;
};

/** Where the other languages come from (served by the API server from locales/). */
export const translationUrl = (lng: string, ns: string) => `/locales/${lng}/${ns}.json`;

/**
 * The other languages load with fetch from /locales/{lng}/translation.json, so a translator can
 * replace those files without a rebuild. A failed load that may pass on a second try (no
 * answer, 5xx, 429) is retried by i18next (maxRetries, retryTimeout).
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const url = translationUrl(lng, ns);
    fetch(url)
      .then(async (response) => {
        if (!response.ok) {
          const retry = response.status >= 500 || response.status === 429;
          callback(new Error(`${url}: ${response.status}`), retry);
          return;
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error as Error, true));
  },
};

/** localStorage, which private modes and tests may lack or refuse. */
function savedLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(StorageKeys.language) ?? null;
  } catch {
    return null;
  }
}

/**
 * The language: the one saved under StorageKeys.language first, then the browser's (i18next picks the
 * first supported one). A change (the language switcher) is saved under the same key.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const saved = savedLanguage();
    if (saved) return toSupportedLanguage(saved);
    const browser = globalThis.navigator?.languages ?? [];
    return browser.length > 0 ? browser.map(toSupportedLanguage) : undefined;
  },
  cacheUserLanguage(lng) {
    if (lng === 'cimode') return;
    try {
      globalThis.localStorage?.setItem(StorageKeys.language, lng);
    } catch {
      // Not saved: the next visit detects the language again.
    }
  },
};

/**
 * English is bundled and ready synchronously (initAsync: false), so a member whose language is
 * English renders at once: `english` is the first bundle's part of it (index.tsx), the lazily
 * loaded screens add the rest (addEnglish); the other languages load over HTTP (fetchBackend)
 * when chosen or detected. Language: localStorage first, then the browser. Small detector and
 * backend of our own instead of i18next-browser-languagedetector and i18next-http-backend: about
 * 5 KB gzip less on the first load for the two things used.
 */
export function initI18n(instance: I18n, english: ResourceKey): Promise<unknown> {
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lng);
  });
  return instance
    .use(fetchBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: english } },
      partialBundledLanguages: true,
      initAsync: false,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
    });
}

/** The whole English file, added by a lazily loaded bundle of screens before they render. */
export function addEnglish(english: ResourceKey, instance: I18n = i18next): void {
  instance.addResourceBundle('en', 'translation', english, true, true);
}

export { i18next };
