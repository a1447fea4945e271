import type { Kysely } from 'kysely';
import type { Database, MutationRow } from '../db/database';

/**
 * A mutation is known by the client session that sent it and the id that session gave it, and
 * bound to the agent who sent it and the fingerprint of the request (request-fingerprint.ts).
 */
export type MutationKey = { orgId: number; sessionId: string; mutationId: string; agentId: number; fingerprint: string };

export function findMutation(db: Kysely<Database>, key: MutationKey): Promise<MutationRow | undefined> {
  return db
    .selectFrom('mutations')
    .selectAll()
    .where('org_id', '=', key.orgId)
    .where('session_id', '=', key.sessionId)
    .where('mutation_id', '=', key.mutationId)
    .executeTakeFirst();
}

/**
 * Whether a stored mutation answers this request: the same agent sent the same request. A row
 * stored before mutations were bound (no fingerprint) answers any request with its key.
 */
export function answersRequest(row: MutationRow, key: MutationKey): boolean {
  if (row.fingerprint === null) return true;
  return row.agent_id === key.agentId && row.fingerprint === key.fingerprint;
}

export async function recordMutation(
  db: Kysely<Database>,
  key: MutationKey,
  answer: { status: MutationRow['status']; statusCode: number; body: unknown; now: number },
): Promise<void> {
  await db
    .insertInto('mutations')
    .values({
      org_id: key.orgId,
      session_id: key.sessionId,
      mutation_id: key.mutationId,
      agent_id: key.agentId,
      fingerprint: key.fingerprint,
      status: answer.status,
      status_code: answer.statusCode,
      result: answer.body === undefined ? null : JSON.stringify(answer.body),
      created_at: answer.now,
    })
    .execute();
}
