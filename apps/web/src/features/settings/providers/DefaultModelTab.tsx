/** Settings > Default model: the chat model of each scene (chat, query analysis, title generation). */
import { App, Form, Select } from 'antd';
import type { DefaultModelConfig, DefaultModelScene } from '@atelier/contract';
import { useCurrentUser, useUpdateUserSettings } from '../useUserSettings';
import { useProviderItems } from './providerQueries';
import { useTranslation } from 'react-i18next';
import './aiSettings.css';

const SCENES: readonly DefaultModelScene[] = ['chat', 'queryAnalysis', 'titleGeneration'];

export function DefaultModelTab() {
  const { t } = useTranslation(undefined, { keyPrefix: 'aiSettings' });
  const { message } = App.useApp();
  const user = useCurrentUser();
  const update = useUpdateUserSettings({ silent: true });
  const items = useProviderItems('llm');
  const current: DefaultModelConfig = user.preferences.defaultModel ?? {};
  const options = (items.data ?? [])
    .filter((i) => i.enabled)
    .map((i) => ({ value: i.itemId, label: i.provider ? `${i.name} (${i.provider.name})` : i.name }));

  const choose = (scene: DefaultModelScene, itemId: string | undefined) => {
    const next: DefaultModelConfig = { ...current };
    if (itemId) next[scene] = itemId;
    else delete next[scene];
    update.mutate(
      { preferences: { ...user.preferences, defaultModel: next } },
      {
        onSuccess: () => void message.success(t('defaultModel.saved')),
        onError: () => void message.error(t('defaultModel.failed')),
      },
    );
  };

  return (
    <div className="ai-settings" data-testid="default-model-tab">
      <p className="settings-section-hint">{t('defaultModel.intro')}</p>
      {items.data && options.length === 0 ? (
        <p className="ai-settings__empty">{t('defaultModel.noModels')}</p>
      ) : null}
      <Form layout="vertical">
        {SCENES.map((scene) => (
          <Form.Item key={scene} label={t(`defaultModel.${scene}`)} extra={t(`defaultModel.${scene}Hint`)}>
            <Select
              allowClear
              placeholder={t('defaultModel.none')}
              value={
                current[scene] && options.some((o) => o.value === current[scene]) ? current[scene] : undefined
              }
              options={options}
              loading={items.isLoading || update.isPending}
              onChange={(value: string | undefined) => choose(scene, value)}
              style={{ maxWidth: 420 }}
              data-testid={`default-model-${scene}`}
            />
          </Form.Item>
        ))}
      </Form>
    </div>
  );
}
