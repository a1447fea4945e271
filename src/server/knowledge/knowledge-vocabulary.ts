import { sql } from 'kysely';
import { searchWords } from '../../protocol/knowledge/typo-match';
import type { Db } from '../db/database';

/**
 * The words of an organization's published articles with their counts, for typo tolerance:
 * read from the search index when a search needs a correction, kept for a minute, and dropped at
 * once when this instance publishes or unpublishes (another instance's change shows within the
 * minute).
 */
const KEEP_MS = 60_000;
const cache = new Map<number, { words: Map<string, number>; at: number }>();

export function forgetVocabulary(orgId: number): void {
  cache.delete(orgId);
}

export async function vocabularyOf(db: Db, orgId: number, now: number): Promise<Map<string, number>> {
  const kept = cache.get(orgId);
  if (kept && now - kept.at < KEEP_MS) return kept.words;
  const { rows } = await sql<{ title: string; body: string }>`select title, body from kb_search where org_id = ${orgId}`.execute(db);
  const words = new Map<string, number>();
  for (const row of rows) {
    for (const word of searchWords(`${row.title} ${row.body}`)) if (word.length >= 3) words.set(word, (words.get(word) ?? 0) + 1);
  }
  cache.set(orgId, { words, at: now });
  return words;
}
