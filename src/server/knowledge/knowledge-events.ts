import type { Db } from '../db/database';

/** What the KB report counts (reporting/kb): searches with their result counts, and article events. */
export async function recordSearch(db: Db, orgId: number, query: string, results: number, source: 'help' | 'widget', now: number): Promise<void> {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 200);
  if (text === '') return;
  await db.insertInto('kb_searches').values({ org_id: orgId, query: text, results, source, created_at: now }).execute();
}

export type ArticleEvent = { kind: 'view' | 'helpful' | 'unhelpful' | 'deflection'; visitor?: string | null; contactId?: number | null };

export async function recordArticleEvent(db: Db, orgId: number, articleId: string, event: ArticleEvent, now: number): Promise<void> {
  await db
    .insertInto('kb_events')
    .values({ org_id: orgId, article_id: articleId, kind: event.kind, visitor: event.visitor ?? null, contact_id: event.contactId ?? null, created_at: now })
    .execute();
}
