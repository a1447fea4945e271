// The browser tests on a busy machine, for anyone chasing a test that fails only under load:
// builds the app, starts two CPU-bound processes, runs the browser files beside them, stops them.
//
//   npm run test:stress                              every browser file
//   npm run test:stress -- tests/e2e/drafts.test.ts  one file (any Vitest arguments)
//   HOGS=4 npm run test:stress                       more processes beside them
//   npm run test:stress -- --full                    the whole `npm test` (checks, every project)
//
// A test that fails here waits wrongly (for a time instead of what a user sees) or has found a
// race in the product; both are bugs (README, Test).
import { spawn, spawnSync } from 'node:child_process';

const hogCount = Number(process.env.HOGS ?? 2);
const full = process.argv.includes('--full');
const args = process.argv.slice(2).filter((arg) => arg !== '--full');

// npm test builds by itself, beside the hogs like the rest of its run.
if (!full) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Each one keeps a core busy doing arithmetic until it is stopped.
const hogs = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', 'let x = 0; for (;;) { x = (x * 31 + 7) % 1000003; }'], { stdio: 'ignore' }),
);
console.log(`${hogs.length} CPU-bound processes running beside the tests`);
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('SIGINT', () => {
  stopHogs();
  process.exit(130);
});

const run = full
  ? spawn('npm', ['test'], { stdio: 'inherit' })
  : spawn('npx', ['vitest', 'run', '--project', 'e2e', ...args], { stdio: 'inherit' });
run.on('close', (code) => {
  stopHogs();
  process.exit(code ?? 1);
});
