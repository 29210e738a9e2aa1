/**
 * Interface language switch for screens outside settings. With two languages it is one
 * button naming the other language (in that language), so it is found whatever is shown.
 */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import type { Locale } from '@atelier/contract';
import { UI_LOCALES } from '../i18n/i18n';
import { useLocalSettings } from '../stores/localSettings';

/** Each language is named in itself. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

export function LanguageSwitch({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { t } = useTranslation();
  const uiLocale = useLocalSettings((s) => s.uiLocale);
  const setUiLocale = useLocalSettings((s) => s.setUiLocale);
  const next = UI_LOCALES.find((l) => l !== uiLocale) ?? 'en';
  return (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      lang={next}
      aria-label={`${t('settings.language.uiLocale')}: ${LOCALE_NAMES[next]}`}
      onClick={() => {
        setUiLocale(next);
        onChange?.(next);
      }}
      data-testid="language-switch"
    >
      {LOCALE_NAMES[next]}
    </Button>
  );
}
