/** One sample of the Prometheus text format: `name{label="value",…} 42`. */
export type MetricSample = { name: string; labels: Readonly<Record<string, string>>; value: number };

export type Metrics = {
  readonly samples: readonly MetricSample[];
  /** The sample with this name and (at least) these labels; NaN when the server reports none. */
  value: (name: string, labels?: Readonly<Record<string, string>>) => number;
};

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the text `GET /metrics` answers. */
export function parseMetrics(text: string): Metrics {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line.trim());
    if (!match?.[1] || !match[3]) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) if (key !== undefined && value !== undefined) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return {
    samples,
    value: (name, labels = {}) => {
      const found = samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
      return found?.value ?? Number.NaN;
    },
  };
}

/** `GET {origin}/metrics` (with the METRICS_TOKEN when the server needs one), parsed. */
export async function readMetrics(origin: string, token?: string): Promise<Metrics> {
  const response = await fetch(`${origin}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}
