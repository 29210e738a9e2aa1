/**
 * Settings > Setup guide: provider → chat model → default model → embedding model → web search →
 * parser. Each step checks itself live through the server (POST /provider/setup/check: a test
 * call to what the step configures) and links to the form that sets it up. The checks run again
 * whenever the providers, models or preferences change (their signature is in the query key),
 * so a step turns green as soon as its form is saved. When every step passes, the guide is
 * recorded as completed and its home card goes away.
 */
import { useEffect, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { ApiError, SETUP_STEPS, type SetupCheckResult, type SetupStep } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { apiQueryOptions } from '../../../api/apiQuery';
import { useUiStore } from '../../../stores/uiStore';
import { useOnboarding } from '../../onboarding/useOnboarding';
import { useCurrentUser } from '../useUserSettings';
import { useProviderItems, useProviders } from './providerQueries';
import { webSearchProviderNames } from './providerKinds';
import './aiSettings.css';

/** The settings tab whose form sets each step up. */
export const SETUP_STEP_TAB: Record<SetupStep, string> = {
  provider: 'providers',
  chatModel: 'models',
  defaultModel: 'defaultModel',
  embedding: 'models:embedding',
  webSearch: 'providers',
  parser: 'parsers',
};

type StepState = 'ok' | 'missing' | 'failed' | 'checking';

/**
 * What the configuration looks like: the times the provider and model lists were last fetched
 * (every save refetches them, a changed API key included) and the preferences.
 */
function useConfigSignature(): string {
  const user = useCurrentUser();
  const providers = useProviders();
  const items = useProviderItems();
  return JSON.stringify([providers.dataUpdatedAt, items.dataUpdatedAt, user.preferences]);
}

function StepIcon({ state }: { state: StepState }) {
  if (state === 'checking') return <LoadingOutlined className="setup-guide__icon" />;
  if (state === 'ok') return <CheckCircleFilled className="setup-guide__icon setup-guide__icon--ok" />;
  if (state === 'failed')
    return <CloseCircleFilled className="setup-guide__icon setup-guide__icon--failed" />;
  return <MinusCircleOutlined className="setup-guide__icon setup-guide__icon--missing" />;
}

export function SetupGuideTab() {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'aiSettings.setupGuide' });
  const client = useQueryClient();
  const signature = useConfigSignature();
  const onboarding = useOnboarding();
  const checks = useQueries({
    queries: SETUP_STEPS.map((step) =>
      apiQueryOptions(
        'provider.setup.check',
        { body: { step } },
        { retry: false, staleTime: 0, gcTime: 0, meta: { silent: true } },
      ),
    ).map((q) => ({ ...q, queryKey: [...q.queryKey, signature] as unknown as typeof q.queryKey })),
  });
  const states: StepState[] = checks.map((c) =>
    c.isFetching || c.isPending ? 'checking' : c.isError ? 'failed' : (c.data?.status ?? 'failed'),
  );
  const passed = states.filter((s) => s === 'ok').length;
  const allDone = passed === SETUP_STEPS.length;

  const recorded = useRef(false);
  useEffect(() => {
    if (!allDone || recorded.current) return;
    recorded.current = true;
    onboarding.set('setupGuide', 'completed');
  }, [allDone, onboarding]);

  const recheck = () => void client.invalidateQueries({ queryKey: ['provider.setup.check'] });

  const summary = (step: SetupStep, result: SetupCheckResult | undefined, error: unknown): string => {
    if (error)
      return t('requestFailed', { message: error instanceof ApiError ? error.message : String(error) });
    if (!result) return t('checking');
    if (result.status === 'missing')
      return t(`missing.${step}`, { names: webSearchProviderNames(i18n.language) });
    if (result.status === 'failed') return t('failed', { message: result.message ?? '' });
    const name = result.target?.name ?? '';
    switch (step) {
      case 'provider':
        return t('ok.provider', { name, count: result.detail?.count ?? 0 });
      case 'chatModel':
      case 'defaultModel':
        return t('ok.chat', { name, reply: result.detail?.reply ?? '' });
      case 'embedding':
        return t('ok.embedding', { name, dimensions: result.detail?.dimensions ?? 0 });
      case 'webSearch':
        return t('ok.webSearch', { name, count: result.detail?.count ?? 0 });
      case 'parser':
        return result.target?.kind === 'builtIn' ? t('ok.parserBuiltIn') : t('ok.parser', { name });
    }
  };

  return (
    <div className="ai-settings setup-guide" data-testid="setup-guide-tab">
      <div className="ai-settings__head">
        <p className="settings-section-hint">{t('intro')}</p>
        <Button icon={<ReloadOutlined />} onClick={recheck} data-testid="setup-recheck">
          {t('recheck')}
        </Button>
      </div>
      {allDone ? (
        <Alert
          type="success"
          showIcon
          title={t('allDone')}
          className="setup-guide__done"
          data-testid="setup-done"
        />
      ) : (
        <p className="setup-guide__progress" data-testid="setup-progress">
          {t('progress', { passed, total: SETUP_STEPS.length })}
        </p>
      )}
      <ol className="setup-guide__steps">
        {SETUP_STEPS.map((step, index) => {
          const check = checks[index]!;
          const state = states[index]!;
          const tab = SETUP_STEP_TAB[step];
          return (
            <li
              key={step}
              className={`setup-guide__step setup-guide__step--${state}`}
              data-testid="setup-step"
              data-step={step}
              data-status={state}
            >
              <StepIcon state={state} />
              <div className="setup-guide__body">
                <div className="setup-guide__title">
                  <span>{t('stepTitle', { n: index + 1, title: t(`steps.${step}`) })}</span>
                  <Tag
                    color={state === 'ok' ? 'success' : state === 'failed' ? 'error' : 'default'}
                    data-testid="setup-step-state"
                  >
                    {t(`state.${state}`)}
                  </Tag>
                </div>
                <div className="setup-guide__what">{t(`what.${step}`)}</div>
                <div className="setup-guide__result" role="status" data-testid="setup-step-result">
                  {state === 'checking' ? t('checking') : summary(step, check.data, check.error)}
                </div>
              </div>
              <div className="setup-guide__actions">
                <Button
                  size="small"
                  type={state === 'ok' ? 'default' : 'primary'}
                  onClick={() => useUiStore.getState().openSettings(tab)}
                  data-testid="setup-step-open"
                >
                  {t(`open.${step}`)}
                </Button>
                <Button
                  size="small"
                  type="text"
                  icon={<ReloadOutlined />}
                  aria-label={t('recheckStep')}
                  title={t('recheckStep')}
                  loading={state === 'checking'}
                  onClick={() => void check.refetch()}
                  data-testid="setup-step-recheck"
                />
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
