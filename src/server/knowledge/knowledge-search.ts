import { sql } from 'kysely';
import type { KnowledgeSearchHit } from '../../protocol/api/knowledge-requests';
import { correctWord, searchWords } from '../../protocol/knowledge/typo-match';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { articlePath } from './knowledge-model';
import { vocabularyOf } from './knowledge-vocabulary';

type Scope = { db: Db; dialect: DialectName; orgId: number; orgSlug: string; now: number };

const MAX_WORDS = 8;

/** Words are letters and digits only (searchWords), so they never carry an engine's operators. */
function matchQuery(words: readonly string[], dialect: DialectName): string {
  return dialect === 'postgres' ? words.map((word) => `'${word}':*`).join(' & ') : words.map((word) => `"${word}"*`).join(' AND ');
}

type Row = { article_id: string; title: string; body: string; slug: string };

async function ranked({ db, dialect, orgId }: Scope, words: readonly string[], limit: number): Promise<Row[]> {
  const query = matchQuery(words, dialect);
  if (dialect === 'postgres') {
    const { rows } = await sql<Row>`select s.article_id, s.title, s.body, a.slug from kb_search s
      join kb_articles a on a.org_id = s.org_id and a.id = s.article_id and a.published = 1
      where s.org_id = ${orgId} and s.vector @@ to_tsquery('simple', ${query})
      order by ts_rank(s.vector, to_tsquery('simple', ${query})) desc, s.title limit ${limit}`.execute(db);
    return rows;
  }
  // bm25 weights per column (org_id, article_id, title, body): the title counts ten times the text.
  const { rows } = await sql<Row>`select kb_search.article_id, kb_search.title, kb_search.body, a.slug from kb_search
    join kb_articles a on a.org_id = kb_search.org_id and a.id = kb_search.article_id and a.published = 1
    where kb_search match ${query} and kb_search.org_id = ${orgId}
    order by bm25(kb_search, 0, 0, 10, 1), kb_search.title limit ${limit}`.execute(db);
  return rows;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** About 160 characters of the text around the first word found, escaped, the words in <mark>. */
export function snippetOf(body: string, words: readonly string[]): string {
  const folded = body.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  // Folding can change lengths; fall back to the start of the text when it did.
  const comparable = folded.length === body.length;
  let at = -1;
  if (comparable) for (const word of words) {
    const index = folded.search(new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'u'));
    if (index >= 0 && (at < 0 || index < at)) at = index;
  }
  const start = at < 0 ? 0 : Math.max(0, body.lastIndexOf(' ', Math.max(0, at - 50)) + 1);
  const piece = body.slice(start, start + 160);
  const prefix = start > 0 ? '…' : '';
  const suffix = start + 160 < body.length ? '…' : '';
  if (!comparable || words.length === 0) return `${prefix}${escapeHtml(piece)}${suffix}`;
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${words.map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).join('|')})([\\p{L}\\p{N}]*)`, 'giu');
  const foldedPiece = folded.slice(start, start + 160);
  let out = '';
  let last = 0;
  for (const match of foldedPiece.matchAll(pattern)) {
    const begin = (match.index ?? 0) + (match[1]?.length ?? 0);
    const end = begin + (match[2]?.length ?? 0) + (match[3]?.length ?? 0);
    out += `${escapeHtml(piece.slice(last, begin))}<mark>${escapeHtml(piece.slice(begin, end))}</mark>`;
    last = end;
  }
  return `${prefix}${out}${escapeHtml(piece.slice(last))}${suffix}`;
}

/**
 * The published articles that hold every word of `q`, each word as a prefix, best first (title
 * above text). When nothing is found, words no article begins with are corrected to the closest
 * word of the help center (typo-match.ts) and the search runs again.
 */
export async function searchArticles(scope: Scope, q: string, limit = 10): Promise<{ hits: KnowledgeSearchHit[]; corrected: string | null }> {
  const words = searchWords(q).slice(0, MAX_WORDS);
  if (words.length === 0) return { hits: [], corrected: null };
  let rows = await ranked(scope, words, limit);
  let used = words;
  let corrected: string | null = null;
  if (rows.length === 0) {
    const vocabulary = await vocabularyOf(scope.db, scope.orgId, scope.now);
    const fixed = words.map((word) => correctWord(word, vocabulary));
    if (fixed.some((word, index) => word !== words[index])) {
      rows = await ranked(scope, fixed, limit);
      used = fixed;
      corrected = fixed.join(' ');
    }
  }
  return {
    corrected: rows.length > 0 ? corrected : null,
    hits: rows.map((row) => ({ id: row.article_id, title: row.title, slug: row.slug, url: articlePath(scope.orgSlug, row.slug), snippet: snippetOf(row.body, used) })),
  };
}
