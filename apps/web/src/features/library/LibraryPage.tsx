/** The library screen (/library/:tab): one tab per kind of item, see libraryTabs. */
import { Navigate, useNavigate, useParams } from 'react-router';
import { Tabs } from 'antd';
import { LIBRARY_TABS } from './libraryTabs';
import { useTranslation } from 'react-i18next';
import './library.css';

export function LibraryPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'library' });
  const navigate = useNavigate();
  const { tab } = useParams();
  const first = LIBRARY_TABS[0]!.key;
  if (tab && !LIBRARY_TABS.some((d) => d.key === tab)) return <Navigate to="/library" replace />;
  const active = tab ?? first;
  return (
    <div className="library" data-testid="library-page">
      <h1 className="library__title">{t('title')}</h1>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key === first ? '/library' : `/library/${key}`)}
        destroyOnHidden
        items={LIBRARY_TABS.map(({ key, icon, Label, Component }) => ({
          key,
          icon,
          label: (
            <span data-testid={`library-tab-${key}`}>
              <Label />
            </span>
          ),
          children: <Component />,
        }))}
      />
    </div>
  );
}
