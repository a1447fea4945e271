// Runs every benchmark and prints its figures (npm run bench). Needs the production build.
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { benchBootstrap, benchWorkerHeap, releaseBootstrap } from './bootstrap.bench';
import { benchColdOpen } from './cold-open.bench';
import { benchColdVisit, benchColdVisit100k } from './cold-visit.bench';
import { benchComplexEmail } from './complex-email.bench';
import { benchDrain } from './drain.bench';
import { benchEmail } from './email.bench';
import { benchReporting } from './reporting.bench';
import { benchRuleDryRun, benchRules } from './rules.bench';
import { benchFanOut, benchIdleSocketMemory } from './fan-out.bench';
import { benchActionToPaint, benchActionToPaintLarge, benchEventToPaint } from './paint.bench';
import { benchLocalSearch } from './search.bench';
import { benchSnippets } from './snippets.bench';
import { benchHelpCenter } from './help-center.bench';
import { benchTriage } from './triage.bench';

if (!existsSync('dist/server/main.js') || !existsSync('dist/app/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const benches: [string, () => Promise<void>][] = [
  ['fan-out', benchFanOut],
  ['memory', benchIdleSocketMemory],
  ['event-to-paint', benchEventToPaint],
  ['action-to-paint', () => benchActionToPaint()],
  ['action-to-paint-10k', benchActionToPaintLarge],
  ['triage', benchTriage],
  ['local-search', benchLocalSearch],
  ['snippets', benchSnippets],
  ['help-center', benchHelpCenter],
  ['email', benchEmail],
  ['rules', benchRules],
  ['rules-dry-run', benchRuleDryRun],
  ['reporting', benchReporting],
  ['complex-email', benchComplexEmail],
  ['drain', benchDrain],
  ['cold-open', benchColdOpen],
  // worker-heap reads the SharedWorker that bootstrap leaves open (or bootstraps one itself).
  ['bootstrap', benchBootstrap],
  ['worker-heap', benchWorkerHeap],
  ['cold-visit', benchColdVisit],
  ['cold-visit-100k', benchColdVisit100k],
];
const only = process.argv[2];
// Other work on the machine moves every figure: say how busy it was.
console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((load) => load.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`);
try {
  for (const [name, bench] of benches) {
    if (only && !name.startsWith(only)) continue;
    await bench();
  }
} finally {
  await releaseBootstrap();
}
