// The whole test run: typecheck, lint, build, then unit, server and browser tests (Vitest).
// Ends with the plain line `N passed, N failed` that CI reads; each check step counts as one test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
  return ok;
}

step('typecheck (app, server, tests)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck (service worker)', 'npx', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
const built = step('build', 'npm', ['run', '--silent', 'build']);

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
rmSync(report, { force: true });
const projects = built ? [] : ['--project', 'unit', '--project', 'server'];
if (!built) console.log('\nBuild failed: the browser tests are not run.');
console.log(`\n── tests: vitest run ${projects.join(' ')}`);
spawnSync('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  stdio: 'inherit',
  env: process.env,
});
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  results.passed += json.numPassedTests;
  results.failed += json.numFailedTests;
  results.skipped += json.numPendingTests + json.numTodoTests;
  // A file that fails to load counts no test; count it as a failure so it cannot pass silently.
  for (const file of json.testResults) {
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      results.failed++;
      failures.push(`${file.name} (did not run)`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(test.fullName);
    }
  }
} catch (error) {
  results.failed++;
  failures.push(`vitest produced no report (${error.message})`);
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(results.failed ? 1 : 0);
