// Runs every benchmark and prints its figures (npm run bench). Needs the production build.
import { existsSync } from 'node:fs';
import { benchFanOut, benchIdleSocketMemory } from './fan-out.bench';

if (!existsSync('dist/server/main.js') || !existsSync('dist/app/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const benches: [string, () => Promise<void>][] = [
  ['fan-out', benchFanOut],
  ['memory', benchIdleSocketMemory],
];
const only = process.argv[2];
for (const [name, bench] of benches) {
  if (only && !name.startsWith(only)) continue;
  await bench();
}
