import type { Page } from 'playwright-core';
import { localRecords } from './local-records';

/** What a test reads of an outbox row: enough to tell where an action stopped. */
export type OutboxRowSummary = { kind: string; state: string; attempts: number; error: string | null; message: string | null };

/** The rows of this browser's outbox (queued, in flight, or refused and kept for the record), read from IndexedDB. */
export async function outboxRows(page: Page, slug: string): Promise<OutboxRowSummary[]> {
  return (await localRecords(page, slug, 'outbox')).map((row) => {
    const args = row['args'] as Record<string, unknown> | undefined;
    return {
      kind: String(row['kind']),
      state: String(row['state']),
      attempts: Number(row['attempts']),
      error: typeof row['error'] === 'string' ? row['error'] : null,
      message: typeof args?.['message'] === 'string' ? args['message'] : null,
    };
  });
}
