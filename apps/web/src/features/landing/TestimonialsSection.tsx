/** What people who work this way say about it. */
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const QUOTES = ['researcher', 'writer', 'studio', 'designer'] as const;

export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section className="landing-section" id="testimonials">
      <SectionHeading eyebrow={t('landing.testimonials.eyebrow')} title={t('landing.testimonials.title')} />
      <div className="landing-quotes">
        {QUOTES.map((q) => {
          const name = t(`landing.testimonials.${q}.name`);
          return (
            <figure key={q} className="landing-quote">
              <blockquote>“{t(`landing.testimonials.${q}.quote`)}”</blockquote>
              <figcaption>
                <span className="landing-quote__avatar" aria-hidden="true">
                  {name.slice(0, 1)}
                </span>
                <span>
                  <strong>{name}</strong>
                  <span>{t(`landing.testimonials.${q}.role`)}</span>
                </span>
              </figcaption>
            </figure>
          );
        })}
      </div>
    </section>
  );
}
