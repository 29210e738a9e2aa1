/**
 * Signed-in home (spec section 2): greeting, the search box (which also searches the library as
 * you type), suggestions and quick actions.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Empty, Input } from 'antd';
import { SearchOutlined, SendOutlined } from '@ant-design/icons';
import { platform } from '../../platform/platform';
import { useCurrentUser } from '../settings/useUserSettings';
import { SUGGESTIONS, currentAskHandler, quickActions } from './homeActions';
import './home.css';

// the library's search hits load with the first query, not with the home page
const LibrarySearchResults = lazy(() =>
  import('../library/LibrarySearchResults').then((m) => ({ default: m.LibrarySearchResults })),
);

function greetingKey(hour: number) {
  if (hour < 5) return 'home.greetingNight' as const;
  if (hour < 12) return 'home.greetingMorning' as const;
  if (hour < 18) return 'home.greetingAfternoon' as const;
  return 'home.greetingEvening' as const;
}

export function HomePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useCurrentUser();
  const [query, setQuery] = useState('');
  const actions = useMemo(() => quickActions(), []);
  const needle = query.trim().toLowerCase();
  const matching = actions.filter(
    (a) =>
      !needle ||
      t(`home.actions.${a.key}.title`).toLowerCase().includes(needle) ||
      t(`home.actions.${a.key}.body`).toLowerCase().includes(needle),
  );
  const name = user.nickname ?? user.name ?? user.email?.split('@')[0] ?? '';
  const hour = new Date(platform.now()).getHours();

  const submit = () => {
    if (!needle) return;
    const ask = currentAskHandler();
    if (ask) ask(query.trim());
    else if (matching[0]) matching[0].run();
    else void message.info(t('home.noMatch'));
  };

  return (
    <div className="home" data-testid="home-page">
      <div className="home__inner">
        <h1 className="home__greeting">
          {name ? t(greetingKey(hour), { name }) : t('home.greetingAnonymous')}
        </h1>
        <p className="home__lead">{t('home.lead')}</p>
        <div className="home__search" data-tour="search">
          <Input
            size="large"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onPressEnter={submit}
            prefix={<SearchOutlined />}
            placeholder={t('home.searchPlaceholder')}
            allowClear
            aria-label={t('home.searchPlaceholder')}
            data-testid="home-search"
            suffix={
              <Button type="primary" size="small" icon={<SendOutlined />} onClick={submit} disabled={!needle}>
                {t('home.go')}
              </Button>
            }
          />
        </div>
        {needle ? (
          <Suspense fallback={null}>
            <div className="home__library">
              <LibrarySearchResults query={query} />
            </div>
          </Suspense>
        ) : null}
        <div className="home__suggestions" data-tour="suggestions">
          <span className="home__label">{t('home.suggestionsTitle')}</span>
          {SUGGESTIONS.map((s) => (
            <Button key={s} shape="round" size="small" onClick={() => setQuery(t(`home.suggestions.${s}`))}>
              {t(`home.suggestions.${s}`)}
            </Button>
          ))}
        </div>
        <section
          className="home__actions"
          data-tour="actions"
          hidden={Boolean(needle) && matching.length === 0}
        >
          <h2 className="home__label">{t('home.quickActionsTitle')}</h2>
          {matching.length === 0 ? (
            <Empty description={t('home.noMatch')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <div className="home__grid">
              {matching.map((a) => (
                <button
                  key={a.key}
                  type="button"
                  className="home-action"
                  onClick={a.run}
                  data-testid={`quick-${a.key}`}
                >
                  <span className="home-action__icon">{a.icon}</span>
                  <span className="home-action__title">{t(`home.actions.${a.key}.title`)}</span>
                  <span className="home-action__body">{t(`home.actions.${a.key}.body`)}</span>
                </button>
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
