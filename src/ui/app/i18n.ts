import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { StorageKeys } from '../../domain/ports/storage.port';

export const SUPPORTED_LANGUAGES = ['en', 'fr', 'zn'] as const;

/** The product spells Chinese 'zn'; browsers say 'zh', 'zh-CN', 'zh-TW', ... */
export const toSupportedLanguage = (detected: string): string =>
  /^zh(-|_|$)/i.test(detected) ? 'zn' : detected;

/**
 * Translations load over HTTP from /locales/{lng}/translation.json (served by the API server), so a
 * translator can replace a file without a rebuild. Language: localStorage first, then the browser.
 */
export function initI18n(instance: I18n = i18next): Promise<unknown> {
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  return instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      backend: { loadPath: '/locales/{{lng}}/translation.json' },
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage'],
        lookupLocalStorage: StorageKeys.language,
        convertDetectedLanguage: toSupportedLanguage,
      },
    });
}

export { i18next };
