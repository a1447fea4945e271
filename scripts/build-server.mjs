// Bundles the server (src/server/main.ts and what it imports, src/protocol included) into
// dist/server/main.js for `node dist/server/main.js`, and the content workers' entry
// (src/server/content-worker.ts) into dist/server/content-worker.js beside it, where
// content-pool.ts looks for it. npm packages stay external: production installs them. The
// bundle sits two levels below the project, like src/server/main.ts, so the default STATIC_DIR
// (<project>/dist/app) resolves the same from both.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'content-worker': 'src/server/content-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/server/main.js and dist/server/content-worker.js');
