// The web clipper: Manifest V3, built by WXT into .output/chrome-mv3 (unpacked) and a zip.
import { defineConfig } from 'wxt';

/**
 * The public half of the signing key: it fixes the extension id of the unpacked Chromium build
 * (bagkolnpkfjfaglakhagbdlmcilddngn), the origin a server lists in CORS_ORIGINS.
 */
const CHROMIUM_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5JhLuDmxRj2IgDR3JkuTpxjeoX3XX9YhD1m5+968Bj7nfnc8hhkHCdygHjuOMBQ9fA5DAHbNDRk2UOCQbWckNVuIdaLZdlA+GP/7HFfPdSCuV7PiHjV/AQEUs6DV+LvRE9Sg6QponIoCVXJIxB1Ep7qIMraWqeLwlkXazmI8OliXhHhjSkr+6HI32X+WKxxGV9sKz2lTSCGKUPwINVvBQ2gBO9uu2g81v3MCYbCjS3OuZ7k2KGU+M2pn71bV5b18zq7LJ+KsVS4caLy8sJhzdjR8jzXJhKWlJ2nln8E/2myLoR43PYhtfY8J/ktFjCYmQXTqbatWBisxxVxxRltSBwIDAQAB';

/**
 * Firefox (`npm run build:firefox`): a fixed add-on id, so that storage and the extension's
 * origin survive reinstalls; MV3 with the scripting API needs Firefox 115 (ESR) or later.
 */
const FIREFOX_ID = 'web-clipper@atelier.dev';
const firefoxSettings = {
  browser_specific_settings: { gecko: { id: FIREFOX_ID, strict_min_version: '115.0' } },
};

export default defineConfig({
  srcDir: 'src',
  outDir: '.output',
  // explicit imports only (no generated auto-import globals)
  imports: false,
  manifestVersion: 3,
  // Chromium gets the signing key (a fixed id), Firefox its add-on id: each browser only the keys it reads
  manifest: ({ browser }) => ({
    ...(browser === 'firefox' ? firefoxSettings : { key: CHROMIUM_KEY }),
    name: 'Atelier Web Clipper',
    description: 'Clip pages, selections and links into your Atelier library.',
    permissions: ['storage', 'activeTab', 'scripting', 'contextMenus', 'notifications'],
    // the Atelier server is wherever the user runs it, and pages are clipped from any site
    host_permissions: ['<all_urls>'],
    action: { default_title: 'Clip to Atelier' },
    commands: {
      'clip-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Clip this page to Atelier',
      },
    },
  }),
});
