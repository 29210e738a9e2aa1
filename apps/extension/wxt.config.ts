// The web clipper: Manifest V3, built by WXT into .output/chrome-mv3 (unpacked) and a zip.
import { defineConfig } from 'wxt';

export default defineConfig({
  srcDir: 'src',
  outDir: '.output',
  // explicit imports only (no generated auto-import globals)
  imports: false,
  manifestVersion: 3,
  manifest: {
    name: 'Atelier Web Clipper',
    description: 'Clip pages, selections and links into your Atelier library.',
    // The public half of the signing key: it fixes the extension id of the unpacked build
    // (bagkolnpkfjfaglakhagbdlmcilddngn), the origin a server lists in CORS_ORIGINS.
    key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5JhLuDmxRj2IgDR3JkuTpxjeoX3XX9YhD1m5+968Bj7nfnc8hhkHCdygHjuOMBQ9fA5DAHbNDRk2UOCQbWckNVuIdaLZdlA+GP/7HFfPdSCuV7PiHjV/AQEUs6DV+LvRE9Sg6QponIoCVXJIxB1Ep7qIMraWqeLwlkXazmI8OliXhHhjSkr+6HI32X+WKxxGV9sKz2lTSCGKUPwINVvBQ2gBO9uu2g81v3MCYbCjS3OuZ7k2KGU+M2pn71bV5b18zq7LJ+KsVS4caLy8sJhzdjR8jzXJhKWlJ2nln8E/2myLoR43PYhtfY8J/ktFjCYmQXTqbatWBisxxVxxRltSBwIDAQAB',
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
  },
});
