/** The sidebar's list of recently changed canvases (loaded lazily with its own chunk). */
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCanvasList } from './canvasQueries';
import { useCanvasT } from './useCanvasT';
import './recentCanvases.css';

const SHOWN = 5;

export function RecentCanvases() {
  const { t } = useTranslation();
  const ct = useCanvasT();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useCanvasList();
  const recent = [...(list.data ?? [])]
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
    .slice(0, SHOWN);
  if (recent.length === 0) return null;
  return (
    <nav className="app-sider__recent" aria-label={ct('list.recent')} data-testid="sidebar-recent-canvases">
      <div className="app-sider__recent-title">{ct('list.recent')}</div>
      <ul>
        {recent.map((canvas) => {
          const path = `/canvas/${canvas.canvasId}`;
          return (
            <li key={canvas.canvasId}>
              <button
                type="button"
                className={location.pathname === path ? 'is-active' : undefined}
                onClick={() => void navigate(path)}
                title={canvas.title || t('canvas.list.untitled')}
              >
                {canvas.title || t('canvas.list.untitled')}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
