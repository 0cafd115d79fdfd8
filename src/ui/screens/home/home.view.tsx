import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../app/di';
import { Paths } from '../../app/paths';
import '../../styles/auth.css';
import { HomeViewModel } from './home.view-model';

export const HomeScreen = observer(function HomeScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(HomeViewModel);
  return (
    <main className="auth-card home">
      <h1>{t('home.welcome', { name: vm.memberName })}</h1>
      <p className="auth-subtitle">{t('home.intro')}</p>
      <nav className="home-links" aria-label={t('common.mainNavigation')}>
        <Link className="button-primary" to={Paths.payment}>
          {t('home.payment')}
        </Link>
        <Link className="button-secondary" to={Paths.profile}>
          {t('home.profile')}
        </Link>
      </nav>
      <button
        type="button"
        className="button-secondary"
        onClick={() => void vm.logout()}
        disabled={vm.status === 'loggingOut'}
      >
        {t('home.logout')}
      </button>
    </main>
  );
});
