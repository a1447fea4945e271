import { sql } from 'kysely';
import type { DialectName } from '../db/open-database';
import type { Write } from '../realtime/write-transaction';
import { articleText } from './article-html';
import { forgetVocabulary } from './knowledge-vocabulary';

/**
 * The search index of the help center (`kb_search`): one row per published article with its
 * published title and text, written in the publishing transaction. SQLite: an FTS5 table;
 * PostgreSQL: a tsvector with the title weighted A and the text B (search_vector of 0004-search).
 */
export async function indexArticle(write: Write, dialect: DialectName, id: string, title: string, html: string): Promise<void> {
  await unindexArticle(write, dialect, id);
  const body = articleText(html);
  if (dialect === 'postgres') {
    await sql`insert into kb_search (org_id, article_id, title, body, vector)
      values (${write.orgId}, ${id}, ${title}, ${body}, setweight(search_vector(${title}), 'A') || setweight(search_vector(${body}), 'B'))`.execute(write.trx);
  } else {
    await sql`insert into kb_search (org_id, article_id, title, body) values (${write.orgId}, ${id}, ${title}, ${body})`.execute(write.trx);
  }
  const orgId = write.orgId;
  write.afterCommit(() => forgetVocabulary(orgId));
}

export async function unindexArticle(write: Write, dialect: DialectName, id: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`delete from kb_search where org_id = ${write.orgId} and article_id = ${id}`.execute(write.trx);
  } else {
    // FTS5 unindexed columns are not indexed: find the row ids first (few rows per organization).
    await sql`delete from kb_search where rowid in (select rowid from kb_search where article_id = ${id} and org_id = ${write.orgId})`.execute(write.trx);
  }
  const orgId = write.orgId;
  write.afterCommit(() => forgetVocabulary(orgId));
}
