import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { listVisibleDrafts } from './draft-queries';
import { registerDraftRoutes } from './draft-routes';
import { addDraftCopies, createDraftTables } from './draft-tables';

export const draftsModule = {
  migrations: {
    '0003-drafts': (db) => createDraftTables(db.schema),
    '0023-draft-copies': (db) => addDraftCopies(db.schema),
  },
  routes: [registerDraftRoutes],
  readers: {
    // The agent's own drafts and those shared with it.
    drafts: ({ db, orgId, agentId, size }) =>
      documentFrames(
        'drafts',
        keyed(
          (after: string) => listVisibleDrafts(db, orgId, agentId, { after, limit: size }),
          '',
          (draft) => draft.id,
          (draft) => draft,
          size,
        ),
      ),
  },
} satisfies ServerModule;
