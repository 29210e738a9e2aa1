/** Entry: language and theme first, global error handlers, then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installDebugHook } from './api/debugHook';
import { installImageSessionRetry } from './api/imageSession';
import { Root } from './app/Root';
import { installGlobalErrorHandlers } from './components/errorToast/reporter';
import { ensureLocale, initI18n } from './i18n/i18n';
import { useLocalSettings } from './stores/localSettings';
import './styles/global.css';

const locale = useLocalSettings.getState().uiLocale;
initI18n(locale);
document.documentElement.lang = locale;
installGlobalErrorHandlers(window);
installDebugHook(window);
installImageSessionRetry(document);

function render() {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

// the static start-up screen of index.html stays until the language's strings are in
ensureLocale(locale).then(render, (error: unknown) => {
  console.error(error);
  render();
});
