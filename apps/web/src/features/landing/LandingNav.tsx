/** Top bar of the landing page: logo, section links, language and theme, sign in / get started. */
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { useUiStore } from '../../stores/uiStore';

const SECTIONS = ['workflow', 'features', 'pricing', 'faq'] as const;

export function LandingNav() {
  const { t } = useTranslation();
  const openAuth = useUiStore((s) => s.openAuth);
  return (
    <header className="landing-nav">
      <div className="landing-nav__inner">
        <a href="#top" className="landing-nav__brand" aria-label="Atelier">
          <Logo />
        </a>
        <nav className="landing-nav__links">
          {SECTIONS.map((id) => (
            <a key={id} href={`#${id}`}>
              {t(`landing.nav.${id}`)}
            </a>
          ))}
        </nav>
        <div className="landing-nav__actions">
          <LanguageSwitch />
          <ThemeSwitch />
          <Button onClick={() => openAuth('login')} data-testid="nav-login">
            {t('auth.loginAction')}
          </Button>
          <Button type="primary" onClick={() => openAuth('signup')} data-testid="nav-signup">
            {t('landing.nav.getStarted')}
          </Button>
        </div>
      </div>
    </header>
  );
}
