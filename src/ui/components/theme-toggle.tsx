import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../../ui-kit/di';
import { ThemeViewModel } from '../../ui-kit/theme.view-model';
import '../../ui-kit/theme.css';

/**
 * Switches between the light and dark theme. Drop it into any header; every instance shares the
 * one ThemeViewModel, so they stay in step.
 */
export const ThemeToggle = observer(function ThemeToggle({ className }: { className?: string }) {
  const theme = useService(ThemeViewModel);
  const { t } = useTranslation();

  // Applies the saved theme even if index.tsx did not start it yet (start is idempotent).
  useEffect(() => {
    theme.start();
  }, [theme]);

  return (
    <button
      type="button"
      className={['theme-toggle', className].filter(Boolean).join(' ')}
      aria-label={theme.isDark ? t('theme.switchToLight') : t('theme.switchToDark')}
      onClick={theme.toggle}
    >
      {theme.isDark ? <SunIcon /> : <MoonIcon />}
      <span>{theme.isDark ? t('theme.light') : t('theme.dark')}</span>
    </button>
  );
});

// Inline icons: no emoji font or image file needed.
function MoonIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="5" fill="currentColor" />
      <path
        d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
