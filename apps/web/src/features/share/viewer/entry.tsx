/**
 * Entry of the public share viewer (share.html, which the server answers at `/share/{shareId}`
 * with the share's text pre-rendered into #root): the language's viewer strings, then the
 * viewer alone. It loads none of the app's router, session, settings or editor code, so a
 * first visit stays small; "Duplicate" and "Sign in" open the app with a new page load.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocalSettings } from '../../../stores/localSettings';
import { shareIdFromPath } from './sharePath';
import { ShareViewerPage } from './ShareViewerPage';
import { ViewerProviders } from './ViewerProviders';
import { initViewerI18n } from './viewerI18n';
import '../../../styles/global.css';

function render() {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <ViewerProviders>
        <ShareViewerPage shareId={shareIdFromPath(location.pathname)} />
      </ViewerProviders>
    </StrictMode>,
  );
}

initViewerI18n(useLocalSettings.getState().uiLocale).then(render, (error: unknown) => {
  console.error(error);
  render();
});
