import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../ui-kit/di';
import { Paths } from '../../shared/paths';
import { HeaderActions, MEMBER_LINKS, NavList } from '../../components/nav-list';
import { SkipLink, usePageChrome } from '../../components/page-chrome';
import { submitWith } from '../../components/submit';
import '../../../ui-kit/theme.css';
import './wizardz.css';
import { WizardzViewModel } from './wizardz.view-model';

/**
 * Links of the placeholder page: the app header's member links but Payment (a visitor logs in
 * first and then lands there). The footer's pages do not exist and fall through to the
 * catch-all redirect.
 */
const NAV_LINKS = MEMBER_LINKS.filter(
  (link) => link.to !== Paths.payment && link.to !== Paths.paymentHistory,
);

const FOOTER_LINKS = [
  { to: '/about-us', key: 'wizardz.footer.aboutUs' },
  { to: '/services', key: 'wizardz.footer.services' },
  { to: '/blog', key: 'wizardz.footer.blog' },
  { to: '/upcoming-movies', key: 'wizardz.footer.upcomingMovies' },
  { to: '/getting-started', key: 'wizardz.footer.gettingStarted' },
  { to: '/package', key: 'wizardz.footer.package' },
  { to: '/faq', key: 'wizardz.footer.faq' },
  { to: '/referral', key: 'wizardz.footer.referral' },
] as const;

const SERVICES = [
  { title: 'wizardz.services.strategy', text: 'wizardz.services.strategyText', number: '01' },
  { title: 'wizardz.services.content', text: 'wizardz.services.contentText', number: '02' },
  { title: 'wizardz.services.performance', text: 'wizardz.services.performanceText', number: '03' },
] as const;

/** The placeholder marketing page of a digital marketing agency (public route /wizardz). */
export const WizardzScreen = observer(function WizardzScreen() {
  const vm = useViewModel(WizardzViewModel);
  const { t } = useTranslation();
  const emailId = useId();
  const errorId = `${emailId}-error`;
  usePageChrome();

  return (
    <div className="wizardz">
      <SkipLink />
      <header className="wizardz-header">
        <Link to={Paths.wizardz} className="wizardz-brand">
          {t('wizardz.brand')}
        </Link>
        <NavList links={NAV_LINKS} label={t('wizardz.nav.label')} listClassName="wizardz-nav" />
        <HeaderActions />
      </header>

      <main id="main" className="wizardz-main">
        <section className="wizardz-hero" aria-labelledby="wizardz-hero-title">
          <p className="wizardz-tagline">{t('wizardz.tagline')}</p>
          <h1 id="wizardz-hero-title">{t('wizardz.hero.title')}</h1>
          <p>{t('wizardz.hero.text')}</p>
          <Link to="/getting-started" className="wizardz-cta">
            {t('wizardz.hero.cta')}
          </Link>
        </section>

        <section className="wizardz-services" aria-labelledby="wizardz-services-title">
          <h2 id="wizardz-services-title">{t('wizardz.services.title')}</h2>
          <ul>
            {SERVICES.map((service) => (
              <li key={service.title} className="wizardz-service">
                <span className="wizardz-service-number" aria-hidden="true">
                  {service.number}
                </span>
                <h3>{t(service.title)}</h3>
                <p>{t(service.text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="wizardz-footer">
        <NavList
          links={FOOTER_LINKS}
          label={t('wizardz.footer.label')}
          listClassName="wizardz-footer-links"
        />

        <form className="wizardz-subscribe" onSubmit={submitWith(vm.submit)} noValidate>
          <h2>{t('wizardz.subscribe.title')}</h2>
          <label htmlFor={emailId}>{t('wizardz.subscribe.emailLabel')}</label>
          <div className="wizardz-subscribe-row">
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="email"
              placeholder={t('wizardz.subscribe.placeholder')}
              value={vm.email}
              onChange={(event) => vm.setEmail(event.target.value)}
              aria-invalid={vm.emailError ? true : undefined}
              aria-describedby={vm.emailError ? errorId : undefined}
            />
            <button type="submit">{t('wizardz.subscribe.send')}</button>
          </div>
          {vm.emailError && (
            <p id={errorId} role="alert" className="wizardz-error">
              {t(vm.emailError)}
            </p>
          )}
          <p role="status" className="wizardz-thanks">
            {vm.thanks ? t(vm.thanks) : ''}
          </p>
        </form>

        <p className="wizardz-rights">{t('wizardz.footer.rights')}</p>
      </footer>
    </div>
  );
});
