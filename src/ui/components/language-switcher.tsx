import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../shared/languages';

/** Each language named in itself, so a member finds theirs whatever the page is in. */
const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], { name: string; lang: string }> =
  {
    en: { name: 'English', lang: 'en' },
    fr: { name: 'Français', lang: 'fr' },
    zn: { name: '中文', lang: 'zh' },
  };

/**
 * The language of every page. i18next's detector keeps the choice under its cached language
 * key (StorageKeys.language), and i18n.ts points <html lang> at it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current =
    SUPPORTED_LANGUAGES.find((lng) => lng === i18n.resolvedLanguage) ?? SUPPORTED_LANGUAGES[0];
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('common.language')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={LANGUAGE_NAMES[lng].lang}>
            {LANGUAGE_NAMES[lng].name}
          </option>
        ))}
      </select>
    </div>
  );
}
