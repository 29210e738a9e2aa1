/** Privacy policy. */
import { useTranslation } from 'react-i18next';
import { useLegalDocs } from '../../i18n/useLegalDocs';
import { LegalPage } from './LegalPage';

const SECTIONS = [
  'scope',
  'collect',
  'use',
  'models',
  'cookies',
  'location',
  'sharing',
  'retention',
  'rights',
] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  const ready = useLegalDocs();
  return (
    <LegalPage
      ready={ready}
      title={t('legal.privacyTitle')}
      intro={t('legalDocs.privacy.intro')}
      updated={t('legalDocs.updated')}
      sections={SECTIONS.map((k) => ({
        title: t(`legalDocs.privacy.${k}.title`),
        body: t(`legalDocs.privacy.${k}.body`),
      }))}
    />
  );
}
