import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../ui-kit/di';
import { Paths } from '../../shared/paths';
import { CatalogueList } from './catalogue-list';
import { CatalogueViewModel } from './catalogue.view-model';
import { HomeViewModel } from './home.view-model';

/** Home: greets the member, then the five trending titles, then the rest of the catalogue. */
export const HomeScreen = observer(function HomeScreen() {
  const { t } = useTranslation();
  const vm = useViewModel(HomeViewModel);
  const catalogue = useViewModel(CatalogueViewModel);
  useEffect(() => catalogue.load(), [catalogue]);
  return (
    <main id="main" className="catalogue-page home">
      <div className="card home-greeting">
        <div>
          <h1>{t('home.welcome', { name: vm.memberName })}</h1>
          <p className="home-intro">{t('home.intro')}</p>
        </div>
        <div className="home-links">
          <Link className="button-primary" to={Paths.payment}>
            {t('home.payment')}
          </Link>
          <Link className="button-secondary" to={Paths.profile}>
            {t('home.profile')}
          </Link>
          <button
            type="button"
            className="button-secondary"
            onClick={() => void vm.logout()}
            disabled={vm.status === 'loggingOut'}
          >
            {t('home.logout')}
          </button>
        </div>
      </div>
      <section aria-labelledby="home-trending">
        <h2 id="home-trending">{t('catalogue.trending')}</h2>
        <CatalogueList items={catalogue.trending} onToggle={catalogue.toggle} trending />
      </section>
      <section aria-labelledby="home-rest">
        <h2 id="home-rest">{t('catalogue.rest')}</h2>
        <CatalogueList items={catalogue.rest} onToggle={catalogue.toggle} />
      </section>
    </main>
  );
});
