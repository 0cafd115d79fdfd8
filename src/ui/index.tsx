import 'reflect-metadata';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createContainer } from './app/container';
import { DiProvider } from './app/di';
import { initI18n } from './app/i18n';
import { RouterNavigation } from './app/router-navigation';
import { createAppRouter } from './app/routes';
import { SessionViewModel } from './app/session.view-model';
import { ThemeViewModel } from './app/theme.view-model';
import { Spinner } from './components/spinner';
import './styles/base.css';

const router = createAppRouter();
const container = createContainer({ navigation: new RouterNavigation(router) });
void initI18n();
container.get(SessionViewModel).start();
// Applies the saved theme on every page, public ones included.
container.get(ThemeViewModel).start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <DiProvider container={container}>
    {/* react-i18next suspends until the translation file has loaded. */}
    <Suspense fallback={<Spinner centred />}>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" theme="dark" autoClose={3000} />
    </Suspense>
  </DiProvider>,
);
