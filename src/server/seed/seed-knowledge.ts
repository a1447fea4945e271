import { createArticle, publishArticle } from '../knowledge/article-writes';
import { createCollection } from '../knowledge/collection-writes';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';

/** The demo help center's collections (id, name, icon, description). */
const COLLECTIONS = [
  ['kc-seed-start', 'Getting started', '🚀', 'Set up your account and invite your team'],
  ['kc-seed-billing', 'Billing & payments', '💳', 'Plans, invoices and refunds'],
  ['kc-seed-shipping', 'Shipping & delivery', '📦', 'Delivery times, tracking and returns'],
  ['kc-seed-account', 'Your account', '🔒', 'Passwords, security and data'],
] as const;

const TOPICS = [
  'Create your account', 'Invite your teammates', 'Choose a plan', 'Download an invoice', 'Refund policy', 'Update your card',
  'Delivery times by country', 'Track your parcel', 'Return an item', 'Reset your password', 'Turn on two-step sign-in', 'Export your data',
];

function content(topic: string, n: number): string {
  const subject = topic.toLowerCase();
  return `<p>This guide explains how to ${subject} in a few steps.</p><h2>Before you start</h2><p>Sign in with an account that may change settings.</p>` +
    `<h2>Steps</h2><ol><li>Open <strong>Settings</strong>.</li><li>Choose <em>${subject}</em>.</li><li>Save your changes.</li></ol>` +
    `<div data-callout="info"><p>Changes apply to your whole team at once.</p></div><h2>Troubleshooting</h2><p>Still stuck? Write to us from the chat (reference ${n}).</p>`;
}

/**
 * A demo knowledge base (`npm run seed -- --articles N`): four collections and N articles through
 * the change feed, the first ones published (every eighth stays a draft), in transactions of 50.
 */
export async function seedKnowledgeBase(deps: WriteDeps, orgId: number, agentId: number, articles: number): Promise<{ published: number }> {
  await runWrite(deps, { orgId }, async (write) => {
    const existing = await write.trx.selectFrom('kb_collections').select('id').where('org_id', '=', orgId).execute();
    for (const [id, name, icon, description] of COLLECTIONS) {
      if (!existing.some((row) => row.id === id)) await createCollection(write, { id, name, icon, description, parent_id: null });
    }
  });
  const taken = new Set((await deps.db.selectFrom('kb_articles').select('id').where('org_id', '=', orgId).execute()).map((row) => row.id));
  let published = 0;
  for (let start = 0; start < articles; start += 50) {
    await runWrite(deps, { orgId }, async (write) => {
      for (let n = start; n < Math.min(articles, start + 50); n++) {
        const id = `ka-seed-${n}`;
        if (taken.has(id)) continue;
        const topic = TOPICS[n % TOPICS.length] ?? 'Get help';
        const title = n < TOPICS.length ? topic : `${topic} (${Math.floor(n / TOPICS.length) + 1})`;
        const collection = COLLECTIONS[Math.floor((n % TOPICS.length) / 3)]?.[0] ?? COLLECTIONS[0][0];
        await createArticle(write, agentId, { id, title, content: content(topic, n), description: `How to ${topic.toLowerCase()}.`, collections: [collection] });
        if (n % 8 !== 7) {
          await publishArticle(write, deps.dialect, agentId, id);
          published++;
        }
      }
    });
  }
  return { published };
}
