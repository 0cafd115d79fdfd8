import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Paths } from '../shared/paths';

/** To the login page, and back to this very page afterwards (?next=). */
export function SignInLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Link
      className="payment-sign-in"
      to={`${Paths.login}?next=${encodeURIComponent(pathname + search)}`}
    >
      {t('signUp.logIn')}
    </Link>
  );
}
