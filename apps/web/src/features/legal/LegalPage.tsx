/** Layout of the privacy and terms pages: a light top bar and numbered sections. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import './legal.css';

export interface LegalSection {
  title: string;
  body: string;
}

export interface LegalPageProps {
  ready: boolean;
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}

export function LegalPage({ ready, title, intro, updated, sections }: LegalPageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · Atelier`;
    return () => {
      document.title = 'Atelier';
    };
  }, [title]);
  return (
    <div className="legal">
      <header className="legal__bar">
        <Link to="/" aria-label={t('common.backHome')}>
          <Logo />
        </Link>
        <div className="legal__actions">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <article className="legal__body" aria-busy={!ready}>
        <h1>{title}</h1>
        {ready ? <LegalText intro={intro} updated={updated} sections={sections} /> : null}
        <p className="legal__back">
          <Link to="/">← {t('common.backHome')}</Link>
        </p>
      </article>
    </div>
  );
}

function LegalText({ intro, updated, sections }: Omit<LegalPageProps, 'ready' | 'title'>) {
  return (
    <>
      <p className="legal__updated">{updated}</p>
      <p className="legal__intro">{intro}</p>
      {sections.map((s, i) => (
        <section key={s.title}>
          <h2>
            {i + 1}. {s.title}
          </h2>
          {s.body.split('\n').map((para) => (
            <p key={para}>{para}</p>
          ))}
        </section>
      ))}
    </>
  );
}
