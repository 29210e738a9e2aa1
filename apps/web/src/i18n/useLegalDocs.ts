/** Loads the legal texts for the current language; true once they can be shown. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureLegalDocs, hasLegalDocs, isUiLocale } from './i18n';

export function useLegalDocs(): boolean {
  const { i18n } = useTranslation();
  const locale = isUiLocale(i18n.language) ? i18n.language : 'en';
  const [ready, setReady] = useState(() => hasLegalDocs(locale));
  useEffect(() => {
    let live = true;
    setReady(hasLegalDocs(locale));
    ensureLegalDocs(locale).then(
      () => live && setReady(true),
      () => live && setReady(false),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return ready;
}
