import { useTranslation } from 'react-i18next';
import { formatMalaysiaTime } from '../../components/malaysia-time';

/** The security page's times: an ISO instant as Malaysian time, in the page's language. */
export function useSecurityTime(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  return (iso) => t('security.malaysiaTime', { time: formatMalaysiaTime(iso, i18n.language) });
}
