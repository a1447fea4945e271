import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import packageJson from './package.json' with { type: 'json' };

const apiServer = 'http://127.0.0.1:3000';

/**
 * The build id the sync worker compares with the server's VERSION message (§4). The server
 * reports BUILD_ID or the package version, so both sides agree unless a new server is deployed.
 */
const buildId = process.env.BUILD_ID ?? packageJson.version;

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    // Zod without eval in every bundle of the app: the module sets it before any schema is built.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/protocol/zod-without-eval.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    VitePWA({
      // Our own small service worker (src/workers/service-worker/service-worker.ts), given the precache list.
      strategies: 'injectManifest',
      srcDir: 'src/workers/service-worker',
      filename: 'service-worker.ts',
      // The page registers it with workbox-window (src/app/pwa/register-service-worker.ts).
      injectRegister: false,
      // public/manifest.webmanifest is the manifest; index.html links it.
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        minify: true,
      },
    }),
  ],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiServer,
      '/ping': apiServer,
      '/stream': { target: apiServer, ws: true },
      // The chat widget's script, config and socket (a slug like "widgets" must stay the app's).
      '^/widget(\\.js$|/)': { target: apiServer, ws: true },
    },
  },
});
