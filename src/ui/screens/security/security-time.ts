import { useTranslation } from 'react-i18next';
import { formatMemberTime, memberTimeZone, zoneLabel } from '../../components/member-time';

/** The security page's times: an ISO instant in the member's own zone, named, in the page's language. */
export function useSecurityTime(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  const zone = memberTimeZone();
  return (iso) =>
    t('security.zonedTime', {
      time: formatMemberTime(iso, i18n.language, zone),
      zone: zoneLabel(zone, new Date(iso)),
    });
}
