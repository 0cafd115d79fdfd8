// inversify imports reflect-metadata/lite itself, before any view-model is declared.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import en from '../../../../locales/en/console.json';
import fr from '../../../../locales/fr/console.json';
import ms from '../../../../locales/ms/console.json';
import zn from '../../../../locales/zn/console.json';
import { DiProvider } from '../../../../src/ui-kit/di';
import { PREFERENCES_PORT, type PreferencesPort } from '../../domain/ports/preferences.port';
import { ConsoleSessionViewModel } from '../shared/session.view-model';
import { ThemeViewModel } from '../../../../src/ui-kit/theme.view-model';
import { createConsoleContainer } from './container';
import { initConsoleI18n } from './i18n';
import { ConsoleRoutes } from './routes';
import '../styles/console.css';

const container = createConsoleContainer();
void initConsoleI18n({ en, fr, zn, ms }, container.get<PreferencesPort>(PREFERENCES_PORT));
container.get(ThemeViewModel).start();
container.get(ConsoleSessionViewModel).start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <DiProvider container={container}>
    <BrowserRouter>
      <ConsoleRoutes />
    </BrowserRouter>
  </DiProvider>,
);
