import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../protocol/api/routes';
import type { Tag } from '../../protocol/documents';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { toTag } from './tag-model';
import { listTags } from './tag-queries';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  app.get(`/${apiPaths.tags}`, { preHandler }, async (request): Promise<Tag[]> => {
    const rows = await listTags(ctx.db, signedIn(request).organization.id);
    return rows.map(toTag);
  });
}
