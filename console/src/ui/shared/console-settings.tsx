import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, languageOfTag } from '../../../../src/contract/languages';
import { useService } from '../../../../src/ui-kit/di';
import { ThemeViewModel } from '../../../../src/ui-kit/theme.view-model';

/** The language select and the theme switch, on every console page (sign-in included). */
export const ConsoleSettings = observer(function ConsoleSettings() {
  const { t, i18n } = useTranslation();
  const theme = useService(ThemeViewModel);
  return (
    <div className="console-settings">
      <label className="console-language">
        <span>{t('frame.language')}</span>
        <select
          value={languageOfTag(i18n.language) ?? 'en'}
          onChange={(event) => void i18n.changeLanguage(event.target.value)}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng === 'zn' ? 'zh' : lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="theme-toggle"
        aria-pressed={theme.isDark}
        onClick={theme.toggle}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
        </svg>
        <span className="console-theme-label">{t('frame.darkTheme')}</span>
      </button>
    </div>
  );
});
