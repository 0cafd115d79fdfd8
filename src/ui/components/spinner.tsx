import { useTranslation } from 'react-i18next';

/** A spinner with an accessible name; `centred` fills the viewport (guard while loading). */
export function Spinner({ centred = false }: { centred?: boolean }) {
  // Also the Suspense fallback while translations load, so it must not suspend itself.
  const { t } = useTranslation(undefined, { useSuspense: false });
  const label = t('common.loading', { defaultValue: 'Loading...' });
  const spinner = <span className="spinner" role="status" aria-label={label} />;
  return centred ? <div className="spinner-centred">{spinner}</div> : spinner;
}
