/**
 * Frequently asked questions, from the product's own commercial and technical facts. With billing
 * off the free-plan answer says that no plan quotas apply on this instance.
 */
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '@ant-design/icons';
import { useBillingEnabled } from '../subscription/useBilling';
import { SectionHeading } from './SectionHeading';

const QUESTIONS = ['what', 'models', 'library', 'selfHost', 'data', 'payment', 'cancel', 'free'] as const;

export function FaqSection() {
  const { t } = useTranslation();
  const selling = useBillingEnabled() === true;
  return (
    <section className="landing-section landing-section--soft" id="faq">
      <SectionHeading eyebrow={t('landing.faq.eyebrow')} title={t('landing.faq.title')} />
      <div className="landing-faq">
        {QUESTIONS.map((q) => (
          <details key={q} className="landing-faq__item">
            <summary>
              <span>{t(`landing.faq.${q}.q`)}</span>
              <PlusOutlined className="landing-faq__icon" />
            </summary>
            <p data-testid={`faq-${q}`}>
              {t(q === 'free' && !selling ? 'landing.faq.freeOff.a' : `landing.faq.${q}.a`)}
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
