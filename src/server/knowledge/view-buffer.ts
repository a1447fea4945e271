import type { Db } from '../db/database';

/**
 * Page views of the help center, written in batches: a view is kept in memory and written with
 * the others of the next second (or at once when 100 wait), so a busy help center does one write
 * a second instead of one per page. Views of the last second are lost if the process dies; the
 * report's other figures (searches, helpful answers, deflections) are written as they happen.
 */
export type ViewBuffer = { add(orgId: number, articleId: string, now: number): void; flush(): Promise<void> };

const FLUSH_MS = 1_000;
const FLUSH_COUNT = 100;

export function createViewBuffer(db: Db, log: (error: unknown) => void): ViewBuffer {
  let pending: { org_id: number; article_id: string; kind: 'view'; visitor: null; contact_id: null; created_at: number }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length > 0) {
      writing = writing.then(() => db.insertInto('kb_events').values(batch).execute().then(() => undefined, log));
    }
    return writing;
  };

  return {
    add(orgId, articleId, now) {
      pending.push({ org_id: orgId, article_id: articleId, kind: 'view', visitor: null, contact_id: null, created_at: now });
      if (pending.length >= FLUSH_COUNT) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    flush,
  };
}
