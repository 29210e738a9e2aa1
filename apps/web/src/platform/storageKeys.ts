/** Names of everything the app keeps in the browser, so wiping and tests agree on them. */

/** Time of the last app-initiated reload; the only key that survives a wipe. */
export const RELOAD_GUARD_KEY = 'atelier.reloadGuard';
export const LOCAL_SETTINGS_KEY = 'atelier.localSettings';
export const THEME_MODE_KEY = 'atelier.themeMode';
/** Set to '1' to expose `window.atelierDebug` (used by the end-to-end tests). */
export const DEBUG_FLAG_KEY = 'atelier.debug';
/** Day on which the maintenance notice was dismissed (session storage). */
export const MAINTENANCE_DISMISSED_KEY = 'atelier.maintenanceDismissed';
/** Pending email verification (session storage), so a reload keeps the verify screen usable. */
export const PENDING_VERIFICATION_KEY = 'atelier.pendingVerification';
/** Readable cookie the server sets while signed in (the session cookies themselves are httpOnly). */
export const SIGNED_IN_COOKIE = 'atelier_uid';
