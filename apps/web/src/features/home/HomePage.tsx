/**
 * Signed-in home (spec section 2): greeting, the ask/search box, suggestions and quick actions.
 * Typing searches the workspace (canvases, documents, resources, threads; matches marked) and the
 * quick actions; Go or Enter creates a canvas titled from the question, opens it and starts the
 * default skill there with the default chat model (the canvas's launchpad takes the question).
 * Without a chat model Go says so and links to Settings.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Empty, Input } from 'antd';
import { SearchOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { useApiMutation } from '../../api/apiQuery';
import { reportError } from '../../components/errorToast/reporter';
import { platform } from '../../platform/platform';
import { useUiStore } from '../../stores/uiStore';
import { setPendingAsk, titleFromQuestion } from '../ai/pendingAsk';
import { useProviderItems } from '../settings/providers/providerQueries';
import { useCurrentUser } from '../settings/useUserSettings';
import { SUGGESTIONS, profileComplete, quickActions } from './homeActions';
import { SetupGuideCard } from './SetupGuideCard';
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
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [query, setQuery] = useState('');
  const [noModel, setNoModel] = useState(false);
  const models = useProviderItems('llm');
  const createCanvas = useApiMutation('canvas.create', { invalidates: ['canvas.list'] });
  const done = profileComplete(user);
  const actions = useMemo(() => quickActions().filter((a) => a.key !== 'profile' || !done), [done]);
  const needle = query.trim().toLowerCase();
  const matching = actions.filter(
    (a) =>
      !needle ||
      t(`home.actions.${a.key}.title`).toLowerCase().includes(needle) ||
      t(`home.actions.${a.key}.body`).toLowerCase().includes(needle),
  );
  const name = user.nickname ?? user.name ?? user.email?.split('@')[0] ?? '';
  const hour = new Date(platform.now()).getHours();

  const submit = async () => {
    const question = query.trim();
    if (!question || createCanvas.isPending) return;
    // no enabled chat model: say so instead of creating a canvas that cannot answer
    if (models.data && !models.data.some((m) => m.enabled)) {
      setNoModel(true);
      return;
    }
    setNoModel(false);
    try {
      const canvas = await createCanvas.mutateAsync({ body: { title: titleFromQuestion(question) } });
      setPendingAsk(canvas.canvasId, question);
      void navigate(`/canvas/${canvas.canvasId}`);
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <div className="home" data-testid="home-page">
      <div className="home__inner">
        <h1 className="home__greeting">
          {name ? t(greetingKey(hour), { name }) : t('home.greetingAnonymous')}
        </h1>
        <p className="home__lead">{t('home.lead')}</p>
        <SetupGuideCard />
        <div className="home__search" data-tour="search">
          <Input
            size="large"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              if (noModel) setNoModel(false);
            }}
            onPressEnter={(e) => {
              if (!e.nativeEvent.isComposing) void submit();
            }}
            prefix={<SearchOutlined />}
            placeholder={t('home.searchPlaceholder')}
            allowClear
            aria-label={t('home.searchPlaceholder')}
            data-testid="home-search"
            suffix={
              <Button
                type="primary"
                size="small"
                icon={<SendOutlined />}
                onClick={() => void submit()}
                disabled={!needle}
                loading={createCanvas.isPending}
                title={t('home.goHint')}
                data-testid="home-go"
              >
                {t('home.go')}
              </Button>
            }
          />
        </div>
        {noModel ? (
          <Alert
            className="home__no-model"
            type="warning"
            showIcon
            role="alert"
            message={t('home.noModel')}
            action={
              <Button
                size="small"
                icon={<SettingOutlined />}
                onClick={() => useUiStore.getState().openSettings('providers')}
                data-testid="home-open-settings"
              >
                {t('home.openSettings')}
              </Button>
            }
            data-testid="home-no-model"
          />
        ) : null}
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
