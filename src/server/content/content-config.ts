import { availableParallelism } from 'node:os';
import { ConfigError } from '../config-error';

/** The content workers that parse and clean customer content (content-pool.ts). */
export type ContentConfig = {
  /** Worker threads at most. */
  workers: number;
  /** A job running longer is stopped, and its worker replaced. */
  timeLimitMs: number;
};

/**
 * - PARSE_WORKERS        worker threads for parsing mail and cleaning HTML (2, or one less than
 *                        the cores up to 4)
 * - PARSE_TIME_LIMIT_MS  a parse or clean running longer is stopped (30000)
 */
export function loadContentConfig(env: NodeJS.ProcessEnv): ContentConfig {
  return {
    workers: parseInteger(env.PARSE_WORKERS, 'PARSE_WORKERS', { min: 1, max: 32, fallback: Math.min(4, Math.max(2, availableParallelism() - 1)) }),
    timeLimitMs: parseInteger(env.PARSE_TIME_LIMIT_MS, 'PARSE_TIME_LIMIT_MS', { min: 100, max: 600_000, fallback: 30_000 }),
  };
}

function parseInteger(value: string | undefined, name: string, range: { min: number; max: number; fallback: number }): number {
  const raw = value?.trim();
  if (!raw) return range.fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number < range.min || number > range.max) throw new ConfigError(`${name} must be a whole number from ${range.min} to ${range.max}`);
  return number;
}
