import { createArticle, publishArticle } from '../knowledge/article-writes';
import { createCollection } from '../knowledge/collection-writes';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import { planArticles, SEED_COLLECTIONS } from './seed-articles';
import { createRandom } from './seed-random';

/**
 * A demo knowledge base (`npm run seed -- --articles N`): four collections and N articles through
 * the change feed, distinct titles and bodies the same for the same `--seed` (seed-articles.ts),
 * every eighth a draft, in transactions of 50.
 */
export async function seedKnowledgeBase(deps: WriteDeps, orgId: number, agentId: number, articles: number, seed = 1): Promise<{ published: number }> {
  const plan = planArticles(createRandom(seed), articles);
  await runWrite(deps, { orgId }, async (write) => {
    const existing = await write.trx.selectFrom('kb_collections').select('id').where('org_id', '=', orgId).execute();
    for (const [id, name, icon, description] of SEED_COLLECTIONS) {
      if (!existing.some((row) => row.id === id)) await createCollection(write, { id, name, icon, description, parent_id: null });
    }
  });
  const taken = new Set((await deps.db.selectFrom('kb_articles').select('id').where('org_id', '=', orgId).execute()).map((row) => row.id));
  let published = 0;
  for (let start = 0; start < articles; start += 50) {
    await runWrite(deps, { orgId }, async (write) => {
      for (let n = start; n < Math.min(articles, start + 50); n++) {
        const article = plan[n];
        if (!article || taken.has(article.id)) continue;
        const { id, title, content, description, collection } = article;
        await createArticle(write, agentId, { id, title, content, description, collections: [collection] });
        if (article.published) {
          await publishArticle(write, deps.dialect, agentId, id);
          published++;
        }
      }
    });
  }
  return { published };
}
