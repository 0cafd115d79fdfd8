import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '../../shared/paths';

/** The profile's way to the security page (sessions, passkeys, the member's data). */
export function SecurityLink() {
  const { t } = useTranslation();
  return (
    <Link className="surface-button" to={Paths.security}>
      {t('profile.security')}
    </Link>
  );
}
