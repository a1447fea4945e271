import type { Kysely } from 'kysely';

/**
 * Binds each stored mutation to the agent that sent it and to a fingerprint of its request
 * (request-fingerprint.ts). Rows stored before have neither and are replayed as they were: they
 * belong to outbox rows that were in flight during the update.
 */
export async function bindMutationsToRequests(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds only one at a time.
  await db.schema.alterTable('mutations').addColumn('agent_id', 'integer').execute();
  await db.schema.alterTable('mutations').addColumn('fingerprint', 'text').execute();
}
