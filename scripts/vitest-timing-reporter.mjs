// A Vitest reporter that writes where each file's time went, hooks included (the JSON reporter
// counts only tests): .tmp/vitest-timing.json, read by scripts/test-report.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const OUTPUT = '.tmp/vitest-timing.json';

export default class TimingReporter {
  files = [];
  startedAt = Date.now();

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestModuleEnd(module) {
    const diagnostic = module.diagnostic();
    const tests = [];
    for (const test of module.children.allTests()) {
      tests.push({ name: test.fullName, ms: Math.round(test.diagnostic()?.duration ?? 0), state: test.result().state });
    }
    this.files.push({
      name: relative(process.cwd(), module.moduleId),
      project: module.project.name,
      // Tests and hooks (a file's servers and browser start in its beforeAll), and the import.
      ms: Math.round(diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration),
      importMs: Math.round(diagnostic.collectDuration),
      endedAt: Date.now() - this.startedAt,
      tests,
    });
  }

  onTestRunEnd() {
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, JSON.stringify({ wallMs: Date.now() - this.startedAt, files: this.files }, null, 1));
  }
}
