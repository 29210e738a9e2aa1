// Vite build of the web app: React plugin, dist/ served by the server's catch-all route,
// dev proxy of the API (/v1) and the collaboration WebSocket (/collab) to the local server.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

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

/**
 * In a build, the CSS of the antd components every signed-in screen shows
 * (scripts/antd-styles.ts, run in its own process so NODE_ENV is production before antd loads),
 * as `assets/antd-<hash>.css` linked first in index.html's head: antd's styles come before the app's in the cascade, where antd puts them
 * when it writes them at run time, and the browser no longer generates them on every page load.
 * In development nothing changes (antd writes its styles at run time; theme edits apply at once).
 * The share viewer's lean page keeps writing them at run time: it uses few components.
 */
function antdStaticStyles(): Plugin {
  let fileName = '';
  return {
    name: 'atelier-antd-static-styles',
    apply: 'build',
    buildStart() {
      const script = fileURLToPath(new URL('./scripts/antd-styles.ts', import.meta.url));
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (run.status !== 0) throw new Error(`antd-styles failed (exit ${run.status}): ${run.stderr}`);
      const hash = createHash('sha256').update(run.stdout).digest('base64url').slice(0, 8);
      fileName = `assets/antd-${hash}.css`;
      this.emitFile({ type: 'asset', fileName, source: run.stdout });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!fileName || !ctx.filename.endsWith('/index.html')) return undefined;
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

const brotli = promisify(brotliCompress);
/** Brotli's best: the 8 MB of assets become 2.10 MB in ~10 s of CPU (quality 5: 2.30 MB, 0.3 s). */
const BROTLI_QUALITY = zlib.BROTLI_MAX_QUALITY;
const gzipped = promisify(gzip);

/**
 * In a build, a Brotli (`.br`) and a gzip (`.gz`) copy beside each text asset under assets/,
 * which the server sends to a browser that accepts them (@fastify/static `preCompressed`): the
 * app's JavaScript and CSS travel at about a quarter of their size. A copy that would save less
 * than a tenth is not written (the server then sends the file as it is). The pages at the root
 * (index.html, share.html, the artifact sandbox) are small and stay uncompressed.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'atelier-precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => /^assets\/.+\.(?:js|css|svg|json)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: 9 }),
          ]);
          if (br.length < source.length * 0.9) await writeFile(`${path}.br`, br);
          if (gz.length < source.length * 0.9) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), shareViewerPage(), antdStaticStyles(), precompressedAssets()],
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
