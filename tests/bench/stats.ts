/** Percentiles and printing for the benchmarks. Figures only: no benchmark asserts a threshold. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function report(name: string, figures: Record<string, string | number>, target?: string): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key} ${value}`);
  console.log(`${name.padEnd(34)} ${parts.join('  ')}${target ? `  (target: ${target})` : ''}`);
}
