// No `import 'reflect-metadata'`: inversify imports reflect-metadata/lite itself, before any
// view-model is declared (about 3 KB gzip less than the full polyfill).
import { Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createContainer } from './container';
import { DiProvider } from '../../ui-kit/di';
import { i18next, initI18n } from './i18n';
// English, the default language, is in the bundle (the first render needs no second request):
// the part the first page uses (.parcelrc's first-page pipeline, scripts/first-load-locale.cjs).
import english from 'first-page:../../../locales/en/translation.json';
import { RouterNavigation } from './router-navigation';
import { RouterNavigator } from './router-navigator';
import { AppRoutes, type ScreenBundles } from './routes';
import { screensLoader } from './lazy-screens';
import { SessionViewModel } from '../shared/session.view-model';
import { ThemeViewModel } from '../../ui-kit/theme.view-model';
import { Spinner } from '../components/spinner';
import { LazyToasts } from '../components/lazy-toasts';
import { subscribeToastsWanted, toastsWanted } from '../shared/toasts-wanted';
import '../styles/base.css';

/** The toast container, mounted with the first toast: a first visit does not download it. */
function ToastsOnceWanted() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  return wanted ? <LazyToasts /> : null;
}

const routerNavigator = new RouterNavigator();
const container = createContainer({ navigation: new RouterNavigation(routerNavigator) });
// Every screen but login comes in one of two lazily loaded bundles (routes.tsx).
const bundles: ScreenBundles = {
  account: screensLoader(container, () => import('./account-screens')),
  member: screensLoader(container, () => import('./member-screens')),
};
void initI18n(i18next, english);
container.get(SessionViewModel).start();
// Applies the saved theme on every page, public ones included.
container.get(ThemeViewModel).start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <DiProvider container={container}>
    {/* English is bundled; react-i18next suspends while French or Chinese loads. */}
    <Suspense fallback={<Spinner centred />}>
      <BrowserRouter>
        <AppRoutes navigator={routerNavigator} bundles={bundles} />
      </BrowserRouter>
      <ToastsOnceWanted />
    </Suspense>
  </DiProvider>,
);
