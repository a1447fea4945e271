import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { registerHelpCenterRoutes } from './help-center/help-center-routes';
import { articleDocuments, toCollection } from './knowledge-model';
import { registerKnowledgeRoutes } from './knowledge-routes';
import { createKnowledgeTables } from './knowledge-tables';
import { registerWidgetKnowledgeRoutes } from './widget-knowledge-routes';

export const knowledgeModule = {
  migrations: { '0019-knowledge': (db, dialect) => createKnowledgeTables(db, dialect) },
  // The help center's pages and custom domains, and the widget's articles, at the host root.
  rootRoutes: [registerHelpCenterRoutes, registerWidgetKnowledgeRoutes],
  routes: [registerKnowledgeRoutes],
  readers: {
    collections: ({ db, orgId, size }) =>
      documentFrames(
        'collections',
        keyed(
          (after: string) => db.selectFrom('kb_collections').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
          '',
          (row) => row.id,
          toCollection,
          size,
        ),
      ),
    // Read a page of rows, then their placements (articleDocuments).
    articles: async function* ({ db, orgId, size }) {
      for await (const rows of keyed(
        (after: string) => db.selectFrom('kb_articles').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
        '',
        (row) => row.id,
        (row) => row,
        size,
      )) {
        const documents = await articleDocuments(db, orgId, rows);
        if (documents.length > 0) yield { action: 'fetch', col: 'articles', documents };
      }
    },
  },
} satisfies ServerModule;
