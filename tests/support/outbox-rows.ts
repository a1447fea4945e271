import type { Page } from 'playwright-core';

/** What a test reads of an outbox row: enough to tell where an action stopped. */
export type OutboxRowSummary = { kind: string; state: string; attempts: number; error: string | null; message: string | null };

/** The rows of this browser's outbox (queued, in flight, or refused and kept for the record), read from IndexedDB. */
export async function outboxRows(page: Page, slug: string): Promise<OutboxRowSummary[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('IndexedDB did not open'));
    });
    try {
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(new Error('The outbox could not be read'));
      });
      return rows.map((row) => {
        const args = row['args'] as Record<string, unknown> | undefined;
        return {
          kind: String(row['kind']),
          state: String(row['state']),
          attempts: Number(row['attempts']),
          error: typeof row['error'] === 'string' ? row['error'] : null,
          message: typeof args?.['message'] === 'string' ? args['message'] : null,
        };
      });
    } finally {
      db.close();
    }
  }, `inbox-${slug}`);
}
