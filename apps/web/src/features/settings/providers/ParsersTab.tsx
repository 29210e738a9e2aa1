/**
 * Settings > Parser configuration: which provider (and its service item) searches the web and
 * parses URLs and PDF files; saved as the preferences webSearch, urlParsing and pdfParsing. URL
 * and PDF parsing have a built-in fallback; web search has none, so it lists only configured
 * providers (the first is used until one is chosen) and says how to add one.
 */
import { App, Button, Form, Select } from 'antd';
import type { ProviderCategory, UserPreferences } from '@atelier/contract';
import { useCurrentUser, useUpdateUserSettings } from '../useUserSettings';
import { webSearchProviderNames } from './providerKinds';
import { useProviderItems, useProviders } from './providerQueries';
import { useUiStore } from '../../../stores/uiStore';
import { useTranslation } from 'react-i18next';
import './aiSettings.css';

type ParserKey = 'webSearch' | 'urlParsing' | 'pdfParsing';
const PARSERS: readonly ParserKey[] = ['webSearch', 'urlParsing', 'pdfParsing'];
const BUILT_IN = '';

function ParserField({ kind }: { kind: ParserKey }) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const { message } = App.useApp();
  const user = useCurrentUser();
  const update = useUpdateUserSettings({ silent: true });
  const providers = useProviders();
  const items = useProviderItems(kind as ProviderCategory);
  const choices = (providers.data ?? []).filter((p) => p.enabled && p.categories.includes(kind));
  const current = user.preferences[kind]?.providerId ?? BUILT_IN;

  const choose = (providerId: string) => {
    const item = (items.data ?? []).find((i) => i.providerId === providerId && i.enabled);
    const value: UserPreferences[ParserKey] = providerId
      ? { providerId, ...(item ? { providerItemId: item.itemId } : {}) }
      : {};
    update.mutate(
      { preferences: { ...user.preferences, [kind]: value } },
      {
        onSuccess: () => void message.success(t('parsers.saved')),
        onError: () => void message.error(t('parsers.failed')),
      },
    );
  };

  if (kind === 'webSearch') {
    // there is no built-in web search: show only the providers really configured
    // without a choice the server uses the user's own provider first, then an instance-wide one
    const chosen =
      choices.find((p) => p.providerId === current) ?? choices.find((p) => !p.isGlobal) ?? choices[0];
    return (
      <Form.Item
        label={t('parsers.webSearch')}
        extra={
          choices.length === 0 ? (
            <span data-testid="parser-webSearch-hint">
              {t('webSearchHint', { names: webSearchProviderNames(i18n.language) })}{' '}
              <Button
                type="link"
                size="small"
                className="ai-settings__inline-link"
                onClick={() => useUiStore.getState().openSettings('setupGuide')}
              >
                {t('openSetupGuide')}
              </Button>
            </span>
          ) : undefined
        }
      >
        <Select
          value={chosen?.providerId}
          placeholder={t('webSearchNone')}
          disabled={choices.length === 0}
          onChange={choose}
          loading={providers.isLoading || update.isPending}
          options={choices.map((p) => ({ value: p.providerId, label: p.name }))}
          style={{ maxWidth: 420 }}
          data-testid="parser-webSearch"
        />
      </Form.Item>
    );
  }

  return (
    <Form.Item label={t(`parsers.${kind}`)} extra={choices.length === 0 ? t('parsers.hint') : undefined}>
      <Select
        value={choices.some((p) => p.providerId === current) ? current : BUILT_IN}
        onChange={choose}
        loading={providers.isLoading || update.isPending}
        options={[
          { value: BUILT_IN, label: t('parsers.builtIn') },
          ...choices.map((p) => ({ value: p.providerId, label: p.name })),
        ]}
        style={{ maxWidth: 420 }}
        data-testid={`parser-${kind}`}
      />
    </Form.Item>
  );
}

export function ParsersTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  return (
    <div className="ai-settings" data-testid="parsers-tab">
      <p className="settings-section-hint">{t('parsers.intro')}</p>
      <Form layout="vertical">
        {PARSERS.map((kind) => (
          <ParserField key={kind} kind={kind} />
        ))}
      </Form>
    </div>
  );
}
