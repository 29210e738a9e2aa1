// Vite build of the web app: React plugin, dist/ served by the server's catch-all route,
// dev proxy of the API (/v1) and the collaboration WebSocket (/collab) to the local server.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const apiTarget = process.env.ATELIER_API_URL ?? 'http://localhost:5800';

/**
 * In development, `/share/{shareId}` gets the lean viewer's page (share.html) as the server
 * answers it in production, instead of the app's index.html.
 */
function shareViewerPage(): Plugin {
  return {
    name: 'atelier-share-viewer-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/share\/[^/?#.]+\/?(?:[?#].*)?$/.test(req.url)) req.url = '/share.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), shareViewerPage()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to tell pre-login chunks from lazy ones
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // the app, the public share viewer's lean page (served at /share/{shareId}, see
      // features/share/viewer/entry.tsx), and the page of the sandboxed artifact preview frame
      // (features/artifact/sandbox)
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        share: fileURLToPath(new URL('./share.html', import.meta.url)),
        artifactSandbox: fileURLToPath(new URL('./artifact-sandbox.html', import.meta.url)),
      },
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so importing one helper
        // through their index would drag every module (the whole form engine, triggers…)
        // into the JavaScript loaded before sign-in. They are plain modules without side effects.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/collab': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});
