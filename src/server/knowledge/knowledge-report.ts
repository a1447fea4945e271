import { sql } from 'kysely';
import type { KbReport } from '../../protocol/api/knowledge-requests';
import type { Db } from '../db/database';
import { dayIn } from '../http/report-days';
import type { ReportDays } from '../http/report-days';

/** Views are counted per quarter hour, then per local day: every zone's offset is a whole number of them. */
const BUCKET_MS = 900_000;

/**
 * `GET reporting/kb?from=&to=` (organization.reporting): over the range's days, views per article
 * (with its helpful answers), views per day, searches, searches that found nothing (the
 * articles people miss), the helpful ratio and widget deflections (a read not followed by a chat).
 */
export async function kbReport(db: Db, orgId: number, range: ReportDays): Promise<KbReport> {
  const { since, until } = range;
  const [events, titles, searchCount, empty, top, daily] = await Promise.all([
    db
      .selectFrom('kb_events')
      .select(['article_id', 'kind', (eb) => eb.fn.countAll<number>().as('count')])
      .where('org_id', '=', orgId)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy(['article_id', 'kind'])
      .execute(),
    db.selectFrom('kb_articles').select(['id', 'title']).where('org_id', '=', orgId).execute(),
    db.selectFrom('kb_searches').select((eb) => eb.fn.countAll<number>().as('count')).where('org_id', '=', orgId).where('created_at', '>=', since)
      .where('created_at', '<', until).executeTakeFirst(),
    db
      .selectFrom('kb_searches')
      .select(['query', (eb) => eb.fn.countAll<number>().as('count')])
      .where('org_id', '=', orgId)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .where('results', '=', 0)
      .groupBy('query')
      .orderBy('count', 'desc')
      .orderBy('query')
      .limit(50)
      .execute(),
    db
      .selectFrom('kb_searches')
      .select(['query', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('results').as('results')])
      .where('org_id', '=', orgId)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy('query')
      .orderBy('count', 'desc')
      .orderBy('query')
      .limit(20)
      .execute(),
    // Literals, not parameters: SQLite binds a JavaScript number as a real, which would not divide as integers.
    sql<{ bucket: number | string; count: number | string }>`select created_at / ${sql.lit(BUCKET_MS)} as bucket, count(*) as count from kb_events
      where org_id = ${orgId} and kind = 'view' and created_at >= ${since} and created_at < ${until} group by 1`.execute(db),
  ]);
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  const perArticle = new Map<string, { views: number; helpful: number; unhelpful: number }>();
  let helpful = 0;
  let unhelpful = 0;
  let deflections = 0;
  for (const row of events) {
    const count = Number(row.count);
    const entry = perArticle.get(row.article_id) ?? { views: 0, helpful: 0, unhelpful: 0 };
    if (row.kind === 'view') entry.views += count;
    else if (row.kind === 'helpful') {
      entry.helpful += count;
      helpful += count;
    } else if (row.kind === 'unhelpful') {
      entry.unhelpful += count;
      unhelpful += count;
    } else if (row.kind === 'deflection') deflections += count;
    if (row.kind !== 'deflection') perArticle.set(row.article_id, entry);
  }
  const viewsOn = new Map<string, number>();
  for (const row of daily.rows) {
    const day = dayIn(range.zone, Math.floor(Number(row.bucket)) * BUCKET_MS);
    viewsOn.set(day, (viewsOn.get(day) ?? 0) + Number(row.count));
  }
  return {
    days: range.days.length,
    from: range.from,
    to: range.to,
    time_zone: range.zone,
    views: [...perArticle.entries()]
      .filter(([id]) => titleOf.has(id))
      .map(([article_id, entry]) => ({ article_id, title: titleOf.get(article_id) ?? '', ...entry }))
      .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title)),
    views_by_day: range.days.map((day) => ({ day, views: viewsOn.get(day) ?? 0 })),
    searches: Number(searchCount?.count ?? 0),
    searches_without_result: empty.map((row) => ({ query: row.query, count: Number(row.count) })),
    top_searches: top.map((row) => ({ query: row.query, count: Number(row.count), results: Number(row.results ?? 0) })),
    helpful,
    unhelpful,
    deflections,
  };
}
