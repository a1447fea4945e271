import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance } from 'fastify';
import { tagDeleteQuery, tagParams } from '../../protocol/api/conversation-actions';
import { tagCreateBody, tagUpdateBody } from '../../protocol/api/tag-requests';
import { suggestSlug } from '../../protocol/slug';
import type { Tag } from '../../protocol/documents';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { fieldError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { deleteTag } from './delete-tag';
import { toTag } from './tag-model';
import { findTagByNameOrSlug, listTags } from './tag-queries';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.tags, { preHandler }, async (request): Promise<Tag[]> => {
    const rows = await listTags(ctx.db, signedIn(request).organization.id);
    return rows.map(toTag);
  });

  /** A new tag (the Tags page): 201; a name another tag has (case-insensitively, or by its slug) is refused. */
  registerRoute(app, MUTATION_ROUTES['create-tag'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, PAGE_PERMISSIONS.tags);
      const { name, color } = parseInput(tagCreateBody, request.body);
      const slug = suggestSlug(name);
      if (!slug) throw fieldError('name', 'must contain a letter or a digit');
      if (await findTagByNameOrSlug(write.trx, write.orgId, name, slug)) throw fieldError('name', 'is already a tag');
      return write.change('tags', 'insert', async (version) => {
        const row = await write.trx
          .insertInto('tags')
          .values({ org_id: write.orgId, slug, name, is_system: 0, color: color ?? null, created_at: write.now, version })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toTag(row);
      });
    }, { status: 201 }),
  );

  /** Renames or recolours a tag: conversations name its slug, so every one follows the new name at once. */
  registerRoute(app, MUTATION_ROUTES['update-tag'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, PAGE_PERMISSIONS.tags);
      const { slug } = parseInput(tagParams, request.params);
      const { name, color } = parseInput(tagUpdateBody, request.body);
      const row = await write.trx.selectFrom('tags').selectAll().where('org_id', '=', write.orgId).where('slug', '=', slug).executeTakeFirst();
      if (!row) throw notFound();
      if (name !== undefined) {
        if (row.is_system === 1 && name !== row.name) throw fieldError('name', 'is set by the app');
        const other = await findTagByNameOrSlug(write.trx, write.orgId, name, suggestSlug(name) || slug);
        if (other && other.slug !== slug) throw fieldError('name', 'is already a tag');
      }
      const patch = { ...(name === undefined ? {} : { name }), ...(color === undefined ? {} : { color }) };
      const unchanged = (name ?? row.name) === row.name && (color === undefined ? row.color : color) === row.color;
      if (unchanged) return toTag(row);
      return write.change('tags', 'update', async (version) => {
        const updated = await write.trx
          .updateTable('tags')
          .set({ ...patch, version })
          .where('org_id', '=', write.orgId)
          .where('slug', '=', slug)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toTag(updated);
      });
    }),
  );

  /** Tag management needs the tags page's permission (§6 `tag.*`). */
  registerRoute(app, REST_ROUTES.deleteTag, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, PAGE_PERMISSIONS.tags);
      const { slug } = parseInput(tagParams, request.params);
      const { force } = parseInput(tagDeleteQuery, request.query);
      return deleteTag(write, ctx.dialect, slug, force);
    }),
  );
}
