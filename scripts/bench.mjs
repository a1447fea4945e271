// `npm run bench`: builds when needed, then runs the benchmarks in tests/bench and prints their
// figures. `npm run bench -- fan-out` runs one. No benchmark asserts a threshold.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/main.js') || !existsSync('dist/app/index.html')) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['tsx', 'tests/bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
