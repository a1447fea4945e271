import type { FastifyInstance } from 'fastify';
import { tagDeleteQuery, tagParams } from '../../protocol/api/conversation-actions';
import { apiPaths } from '../../protocol/api/routes';
import type { Tag } from '../../protocol/documents';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { runMutation } from '../mutations/run-mutation';
import { deleteTag } from './delete-tag';
import { toTag } from './tag-model';
import { listTags } from './tag-queries';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  app.get(`/${apiPaths.tags}`, { preHandler }, async (request): Promise<Tag[]> => {
    const rows = await listTags(ctx.db, signedIn(request).organization.id);
    return rows.map(toTag);
  });

  /** Tag management needs the tags page's permission (§6 `tag.*`). */
  app.delete('/tags/:slug', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, PAGE_PERMISSIONS.tags);
      const { slug } = parseInput(tagParams, request.params);
      const { force } = parseInput(tagDeleteQuery, request.query);
      return deleteTag(write, ctx.dialect, slug, force);
    }),
  );
}
