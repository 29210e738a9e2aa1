/** Settings > Language: interface language and, separately, the language AI answers in. */
import { useTranslation } from 'react-i18next';
import { Form, Select } from 'antd';
import { LOCALE_NAMES } from '../../components/LanguageSwitch';
import { UI_LOCALES } from '../../i18n/i18n';
import { AUTO_OUTPUT_LOCALE, useLocalSettings } from '../../stores/localSettings';
import { OUTPUT_LOCALES } from './outputLocales';
import { usePreferenceActions } from './usePreferenceActions';

export function LanguageTab() {
  const { t } = useTranslation();
  const uiLocale = useLocalSettings((s) => s.uiLocale);
  const outputLocale = useLocalSettings((s) => s.outputLocale);
  const actions = usePreferenceActions();
  return (
    <Form layout="vertical">
      <Form.Item label={t('settings.language.uiLocale')} extra={t('settings.language.uiLocaleHint')}>
        <Select
          value={uiLocale}
          onChange={actions.setUiLocale}
          options={UI_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          style={{ maxWidth: 320 }}
          data-testid="ui-locale-select"
        />
      </Form.Item>
      <Form.Item label={t('settings.language.outputLocale')} extra={t('settings.language.outputLocaleHint')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={outputLocale}
          onChange={actions.setOutputLocale}
          options={[
            { value: AUTO_OUTPUT_LOCALE, label: t('settings.language.auto') },
            ...OUTPUT_LOCALES.map((l) => ({ value: l.code, label: l.name })),
          ]}
          style={{ maxWidth: 320 }}
          data-testid="output-locale-select"
        />
      </Form.Item>
    </Form>
  );
}
