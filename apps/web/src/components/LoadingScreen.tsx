/** Start-up screen: the logo and a starting message (spec section 2); also the lazy-chunk fallback. */
import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo';

export function LoadingScreen({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="boot-screen" role="status" aria-live="polite" data-testid="loading-screen">
      <span className="boot-screen__logo">
        <LogoMark size={64} />
      </span>
      <span className="boot-screen__text">{message ?? t('app.starting')}</span>
    </div>
  );
}
