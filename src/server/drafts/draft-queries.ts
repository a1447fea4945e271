import type { Draft } from '../../protocol/documents';
import type { Db } from '../db/database';
import type { DraftRow } from './draft-tables';
import { toDraft } from './draft-model';

/** A draft of the organization by the client's id, with the teammates it is shared with. */
export async function findDraft(db: Db, orgId: number, id: string): Promise<{ row: DraftRow; draft: Draft } | undefined> {
  const row = await db.selectFrom('drafts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const shares = await sharesOf(db, orgId, [id]);
  return { row, draft: toDraft(row, shares.get(id) ?? []) };
}

/** The teammates each draft is shared with. */
export async function sharesOf(db: Db, orgId: number, ids: readonly string[]): Promise<Map<string, number[]>> {
  const shares = new Map<string, number[]>();
  if (ids.length === 0) return shares;
  const rows = await db
    .selectFrom('draft_shares')
    .select(['draft_id', 'agent_id'])
    .where('org_id', '=', orgId)
    .where('draft_id', 'in', ids)
    .execute();
  for (const row of rows) shares.set(row.draft_id, [...(shares.get(row.draft_id) ?? []), row.agent_id]);
  return shares;
}

/**
 * A page of the drafts an agent may see, by id after `after`: its own and those shared with it.
 * No other agent's draft is ever read here (the stream's bootstrap).
 */
export async function listVisibleDrafts(db: Db, orgId: number, agentId: number, options: { after: string; limit: number }): Promise<Draft[]> {
  const rows = await db
    .selectFrom('drafts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '>', options.after)
    .where((eb) =>
      eb.or([
        eb('agent_id', '=', agentId),
        eb(
          'id',
          'in',
          eb.selectFrom('draft_shares').select('draft_id').where('draft_shares.org_id', '=', orgId).where('draft_shares.agent_id', '=', agentId),
        ),
      ]),
    )
    .orderBy('id')
    .limit(options.limit)
    .execute();
  const shares = await sharesOf(db, orgId, rows.map((row) => row.id));
  return rows.map((row) => toDraft(row, shares.get(row.id) ?? []));
}
