import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure and Dexie logic (unit), the HTTP API against real server processes on
 * SQLite and PostgreSQL (server), and Playwright driving Debian's Chromium (e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Two files at a time, like server, so both run in one group (docs/decisions.md).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time. A worker keeps its modules between files, so the servers it
          // shares (one per database, tests/support/shared-servers.ts) serve every file it runs;
          // the run's cleanup stops them at the end (docs/decisions.md).
          maxWorkers: 2,
          isolate: false,
          globalSetup: ['tests/support/test-run-cleanup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A hang detector, not a speed check: on a slow shared machine a whole multi-step test
          // took 40–70 s and one at 60 s failed while every step was still moving. Each poll
          // keeps its own 15 s bound, so a real failure still says what it waited for.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: much of a browser test is waiting (delivery retries, polls),
          // which overlaps. A worker keeps one Chromium and its shared servers (one per
          // environment) for every file it runs (docs/decisions.md).
          maxWorkers: 2,
          isolate: false,
          globalSetup: ['tests/support/test-run-cleanup.ts'],
          // A group of its own (Vitest runs projects with other worker counts apart), after unit
          // and server as before.
          sequence: { groupOrder: 1 },
          // What a user waits for in a busy browser: a second is too short on a shared machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
