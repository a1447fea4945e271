// Bundles the chat widget (src/widget/widget.ts and the protocol parts it uses) into
// dist/app/widget.js, which the server serves at /widget.js. One classic script (an IIFE):
// customers' pages embed it with a plain <script async>. Runs after `vite build`, which empties
// dist/app.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/widget/widget.ts'],
  outfile: 'dist/app/widget.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('Built dist/app/widget.js');
