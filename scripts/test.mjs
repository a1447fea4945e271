// The whole test run: typecheck, lint and build side by side, then unit, server and browser tests
// (Vitest). Ends with the phases' times, the slowest files, and the plain line
// `N passed, N failed` that CI reads; each check step counts as one test.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { formatReport, readTiming, seconds, TIMING_FILE } from './test-report.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const phases = [];

/** Runs a command; its output is printed in one piece when it ends, so steps side by side never interleave. */
function run(name, command, args, { stream = false } = {}) {
  const started = Date.now();
  if (stream) console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      phases.push({ name, ms });
      if (!stream) {
        console.log(`\n── ${name}: ${command} ${args.join(' ')} (${seconds(ms)})`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      resolve(code === 0);
    });
  });
}

async function step(name, command, args) {
  const ok = await run(name, command, args);
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(name);
  }
  return ok;
}

const runStarted = Date.now();
// The browser tests need only the build: the tests start as soon as it is done, beside the
// typecheck and the lint, which have a core's worth of work between them (eslint alone, tsc
// after the build); the tests' own waits (servers, polls, held replies) leave room for them.
const built = step('build', 'npm', ['run', '--silent', 'build']);
const checks = Promise.all([
  built.then(async () => {
    await step('typecheck (app, server, tests)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    await step('typecheck (service worker)', 'npx', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']);
  }),
  step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']),
]).then(() => Date.now() - runStarted);
const builtOk = await built;

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
rmSync(report, { force: true });
rmSync(TIMING_FILE, { force: true });
const projects = builtOk ? [] : ['--project', 'unit', '--project', 'server'];
if (!builtOk) console.log('\nBuild failed: the browser tests are not run.');
await run('tests', 'npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  '--reporter=./scripts/vitest-timing-reporter.mjs',
], { stream: true });
const checksMs = await checks;
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

console.log('\n── where the time went');
console.log(`Checks (beside the tests after the build): ${seconds(checksMs)} (${phases.filter((p) => p.name !== 'tests').map((p) => `${p.name} ${seconds(p.ms)}`).join(', ')})`);
try {
  console.log(formatReport(readTiming(), { fileCount: 10 }).join('\n'));
} catch {
  console.log('No timing report (.tmp/vitest-timing.json).');
}
console.log(`Whole run: ${seconds(Date.now() - runStarted)}; more: node scripts/test-report.mjs --files 30 --tests 30`);

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(results.failed ? 1 : 0);
