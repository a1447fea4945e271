import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

/** The rules of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export type AxeViolation = {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  /** CSS selectors of the failing elements, with axe's summary of why each fails. */
  targets: { target: string; why: string }[];
};

const require = createRequire(import.meta.url);
let source: string | undefined;

/** axe-core's browser bundle, read once. */
function axeSource(): string {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Runs axe-core over the page as it is now (WCAG 2.1 AA rules) and returns its violations of at
 * least `minImpact`. The source is injected into the page on the first call in a document.
 */
export async function axeViolations(page: Page, minImpact: ImpactValue = 'serious'): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource());
  const options: RunOptions = { runOnly: { type: 'tag', values: [...WCAG_21_AA] }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  const floor = IMPACT_ORDER.indexOf(minImpact);
  return results.violations
    .filter((violation) => IMPACT_ORDER.indexOf(violation.impact ?? 'minor') >= floor)
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => ({ target: node.target.join(' '), why: node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '' })),
    }));
}

const IMPACT_ORDER: ImpactValue[] = ['minor', 'moderate', 'serious', 'critical'];

/** Violations as lines a failing test can print: rule, impact, and each element with why. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no violations`;
  const lines = violations.flatMap((violation) => [
    `${where}: ${violation.rule} (${violation.impact ?? 'no impact'}): ${violation.help}`,
    ...violation.targets.slice(0, 8).map(({ target, why }) => `    ${target} — ${why}`),
    ...(violation.targets.length > 8 ? [`    … and ${violation.targets.length - 8} more`] : []),
  ]);
  return lines.join('\n');
}
