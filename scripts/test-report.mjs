// Where a test run's time went: each project's files and time, the slowest files and tests.
// Reads .tmp/vitest-timing.json, which `npm test` (and any `npx vitest run`) writes through
// scripts/vitest-timing-reporter.mjs.
//
//   node scripts/test-report.mjs [timing.json] [--files N] [--tests N]
//
// `npm test` prints the phases and the ten slowest files at its end.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const TIMING_FILE = '.tmp/vitest-timing.json';

export function readTiming(path = TIMING_FILE) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The report as lines of text. */
export function formatReport({ files, wallMs }, { fileCount = 10, testCount = 0 } = {}) {
  const lines = [`Vitest: ${seconds(wallMs)}; file time is a file's import, hooks (its servers, its browser) and tests`];
  const projects = [...new Set(files.map((file) => file.project))];
  for (const project of projects) {
    const ofProject = files.filter((file) => file.project === project);
    const busy = ofProject.reduce((sum, file) => sum + file.ms, 0);
    const tests = ofProject.reduce((sum, file) => sum + file.tests.length, 0);
    const last = Math.max(...ofProject.map((file) => file.endedAt));
    lines.push(
      `  ${project.padEnd(6)} ${String(ofProject.length).padStart(3)} files, ${String(tests).padStart(4)} tests, ${seconds(busy).padStart(8)} of file time, last file ended at ${seconds(last)}`,
    );
  }
  const slowFiles = [...files].sort((a, b) => b.ms - a.ms).slice(0, fileCount);
  lines.push(`Slowest ${slowFiles.length} files:`);
  for (const file of slowFiles) lines.push(`  ${seconds(file.ms).padStart(8)}  ${file.name} (${file.tests.length} tests)`);
  if (testCount > 0) {
    const slowTests = files
      .flatMap((file) => file.tests.map((test) => ({ ...test, file: file.name })))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, testCount);
    lines.push(`Slowest ${slowTests.length} tests:`);
    for (const test of slowTests) lines.push(`  ${seconds(test.ms).padStart(8)}  ${test.file} › ${test.name}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    if (at === -1) return fallback;
    const value = Number(args.splice(at, 2)[1]);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  const fileCount = option('--files', 20);
  const testCount = option('--tests', 20);
  console.log(formatReport(readTiming(args[0]), { fileCount, testCount }).join('\n'));
}
