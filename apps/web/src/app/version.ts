/** Version of this build (from package.json, injected by vite.config.ts). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'dev';
