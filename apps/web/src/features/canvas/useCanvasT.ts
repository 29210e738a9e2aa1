/**
 * The canvas texts live with the app's main strings under `canvas` (i18n/locales/*.canvas.ts);
 * these helpers translate keys relative to it, typed against the English texts.
 */
import { useTranslation } from 'react-i18next';

export const useCanvasT = () => useTranslation('translation', { keyPrefix: 'canvas' }).t;
