// `npm run seed -- --org demo --conversations 200 [--messages-per-conversation 10]
//   [--articles 0] [--database-url postgres://…] [--data-dir ./data] [--seed 1]`
// Creates the organization when missing (owner demo@<org>.example) and fills it with contacts,
// conversations, messages and notes through the change feed, and gives an organization without a
// support address support@<org>.example (proven), so replies go out. Without --database-url it uses
// DATABASE_URL, else SQLite in --data-dir (DATA_DIR, ./data), like the server.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../src/server/server-migrations';
import { openDatabase } from '../src/server/db/open-database';
import { seedKnowledgeBase } from '../src/server/seed/seed-knowledge';
import { seedOrganization } from '../src/server/seed/seed-organization';

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      org: { type: 'string', default: 'demo' },
      conversations: { type: 'string' },
      'messages-per-conversation': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      articles: { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? null;
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const handle = openDatabase({ databaseUrl: databaseUrl || null, dataDir });
  const started = Date.now();
  try {
    await migrateToLatest(handle);
    const seed = count(values.seed, 'seed', 1);
    const result = await seedOrganization(handle, {
      org: values.org,
      conversations: count(values.conversations, 'conversations', 200),
      messagesPerConversation: count(values['messages-per-conversation'], 'messages-per-conversation', 10),
      seed,
      dkimKeySecret: process.env.EMAIL_DKIM_KEY_SECRET?.trim() || null,
    });
    const articles = count(values.articles, 'articles', 0);
    const owner = result.agentIds[0];
    const knowledge = articles > 0 && owner !== undefined ? await seedKnowledgeBase({ db: handle.db, dialect: handle.dialect, clock: () => Date.now() }, result.orgId, owner, articles, seed) : null;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.slug} (${handle.dialect}${handle.sqlitePath ? ` ${handle.sqlitePath}` : ''}) in ${seconds} s: ` +
        `${result.conversations} conversations, ${result.messages} messages, ${result.notes} notes, ${result.contacts} contacts.`,
    );
    if (knowledge) console.log(`Knowledge base: ${articles} articles (${knowledge.published} published) in 4 collections, at /help/${result.slug}/.`);
    console.log(result.created ? 'Organization created.' : 'Organization existed; data added.');
    if (result.supportAddress) {
      const where = process.env.SMTP_URL ? 'through SMTP_URL' : `as .eml files in ${resolve(dataDir, 'mail', 'outbound')} (SMTP_URL is not set)`;
      console.log(`Replies go out from ${result.supportAddress.email}${result.supportAddress.created ? ' (added, its domain marked verified)' : ''}, ${where}.`);
    }
    console.log(`Sign in at /${result.slug} as ${result.ownerEmail} (or alex@/sam@${result.slug}.example) with password: ${result.password}`);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
