import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES } from '../../contract/languages';

/**
 * The language of every page, each offered by its own name ("Bahasa Melayu", "中文"). i18next's
 * detector keeps the choice under its cached language key (StorageKeys.language), and i18n.ts
 * points <html lang> at it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = LANGUAGES.find((lng) => lng === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('common.language')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={LANGUAGE_TAGS[lng]}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
