// Precompresses the built app (dist/app) with brotli and gzip, next to each file (`x.js.br`,
// `x.js.gz`), so the server answers by content negotiation without compressing per request
// (src/server/http/static-app.ts). Runs last in `npm run build`. Small files and formats that are
// already compressed (images other than SVG) are left alone; a compressed copy that saves
// nothing is not kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/app';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let [count, before, brotli, gzip] = [0, 0, 0, 0];
for (const path of files(root)) {
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
  count++;
  before += data.length;
  brotli += Math.min(br.length, data.length);
  gzip += Math.min(gz.length, data.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Compressed ${count} files in ${root}: ${kb(before)} → ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
