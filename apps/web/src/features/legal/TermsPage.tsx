/** Terms of service. */
import { useTranslation } from 'react-i18next';
import { useLegalDocs } from '../../i18n/useLegalDocs';
import { LegalPage } from './LegalPage';

const SECTIONS = [
  'acceptance',
  'account',
  'content',
  'use',
  'ai',
  'plans',
  'sharing',
  'licence',
  'availability',
  'changes',
] as const;

export function TermsPage() {
  const { t } = useTranslation();
  const ready = useLegalDocs();
  return (
    <LegalPage
      ready={ready}
      title={t('legal.termsTitle')}
      intro={t('legalDocs.terms.intro')}
      updated={t('legalDocs.updated')}
      sections={SECTIONS.map((k) => ({
        title: t(`legalDocs.terms.${k}.title`),
        body: t(`legalDocs.terms.${k}.body`),
      }))}
    />
  );
}
