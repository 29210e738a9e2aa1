/** Footer: tagline, section and legal links, version and licence. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../app/version';
import { Logo } from '../../components/Logo';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div className="landing-footer__brand">
          <Logo />
          <p>{t('landing.footer.tagline')}</p>
        </div>
        <div className="landing-footer__col">
          <h4>{t('landing.footer.product')}</h4>
          <a href="#features">{t('landing.nav.features')}</a>
          <a href="#pricing">{t('landing.nav.pricing')}</a>
          <a href="#faq">{t('landing.nav.faq')}</a>
        </div>
        <div className="landing-footer__col">
          <h4>{t('landing.footer.legal')}</h4>
          <Link to="/privacy">{t('legal.privacyTitle')}</Link>
          <Link to="/terms">{t('legal.termsTitle')}</Link>
        </div>
      </div>
      <div className="landing-footer__bottom">
        <span>{t('landing.footer.copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('landing.footer.version', { version: APP_VERSION })}</span>
      </div>
    </footer>
  );
}
