/** Frequently asked questions, from the product's own commercial and technical facts. */
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '@ant-design/icons';
import { SectionHeading } from './SectionHeading';

const QUESTIONS = ['what', 'models', 'library', 'selfHost', 'data', 'payment', 'cancel', 'free'] as const;

export function FaqSection() {
  const { t } = useTranslation();
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
            <p>{t(`landing.faq.${q}.a`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
