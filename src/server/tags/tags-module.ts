import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { toTag } from './tag-model';
import { registerTagRoutes } from './tag-routes';

export const tagsModule = {
  routes: [registerTagRoutes],
  readers: {
    // Sent already when the first screen went first.
    tags: async function* ({ db, orgId, size, sent }) {
      if (sent.tags) return;
      yield* documentFrames(
        'tags',
        keyed(
          (after: string) => db.selectFrom('tags').selectAll().where('org_id', '=', orgId).where('slug', '>', after).orderBy('slug').limit(size).execute(),
          '',
          (row) => row.slug,
          toTag,
          size,
        ),
      );
    },
  },
  // First of all: the rows of the first screen name them.
  firstScreen: async function* ({ db, orgId }, sent) {
    const tags = await db.selectFrom('tags').selectAll().where('org_id', '=', orgId).orderBy('slug').execute();
    if (tags.length > 0) yield { action: 'fetch', col: 'tags', documents: tags.map(toTag) };
    sent.tags = true;
  },
} satisfies ServerModule;
