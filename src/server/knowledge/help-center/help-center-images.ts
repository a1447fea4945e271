import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import type { HelpCenterOrg } from './help-center-queries';

const PICTURES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * `/help/{org}/images/{id}`: a picture uploaded for an article (POST attachments/), served to
 * anyone only while a published article of the organization shows it; any other id, and a
 * path that is no id (`null`: `007`, one beyond the largest row id), is a 404.
 */
export async function servePublishedImage(ctx: AppContext, reply: FastifyReply, org: HelpCenterOrg, id: number | null): Promise<FastifyReply> {
  const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  if (id === null) return notFound();
  const row = await ctx.db.selectFrom('attachments').selectAll().where('org_id', '=', org.id).where('id', '=', id).where('message_row_id', 'is', null).executeTakeFirst();
  if (!row || !PICTURES.has(row.content_type)) return notFound();
  const shown = await ctx.db
    .selectFrom('kb_articles')
    .select('id')
    .where('org_id', '=', org.id)
    .where('published', '=', 1)
    .where('published_content', 'like', `%/help/${org.slug}/images/${id}"%`)
    .executeTakeFirst();
  if (!shown || !(await ctx.channels.store.exists(row.sha256))) return notFound();
  return reply
    .type(row.content_type)
    .header('content-length', String(row.size))
    .header('cache-control', 'public, max-age=3600')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(ctx.channels.store.open(row.sha256));
}
