import type { DraftPatchBody, DraftShareBody } from '../../protocol/api/draft-requests';
import type { Draft } from '../../protocol/documents';
import { draftIdPrefix, isBlankDraft } from '../../protocol/drafts';
import { findAgentById } from '../agents/agent-queries';
import type { AgentRow } from '../agents/agent-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import { notifyDraftShared } from '../notifications/notify-teammate';
import { fieldError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { writeJsonListColumn } from '../db/json-column';
import { draftAudience, toDraft } from './draft-model';
import { findDraft } from './draft-queries';

/**
 * Saves the caller's draft whole, or deletes it when the message is blank. Saving what is
 * already stored writes nothing. Every write reaches only the draft's audience (its writer and
 * the teammates it is shared with); a deleted draft forgets its shares.
 */
export async function saveDraft(write: Write, conversation: ConversationRow, agentId: number, body: DraftPatchBody): Promise<Draft | null> {
  const { draft_id: id, attributes } = body;
  if (!id.startsWith(draftIdPrefix(agentId))) throw fieldError('draft_id', `must start with ${draftIdPrefix(agentId)}`);
  const existing = await findDraft(write.trx, write.orgId, id);
  if (existing && existing.row.conversation_id !== conversation.id) throw fieldError('draft_id', 'belongs to another conversation');

  if (isBlankDraft(attributes.message)) {
    if (!existing) return null;
    await write.removeFor('drafts', id, draftAudience(existing.draft), async () => {
      await write.trx.deleteFrom('draft_shares').where('org_id', '=', write.orgId).where('draft_id', '=', id).execute();
      await write.trx.deleteFrom('drafts').where('org_id', '=', write.orgId).where('id', '=', id).execute();
    });
    return null;
  }

  const type = attributes.type ?? existing?.row.type ?? 'REPLY';
  const cc = attributes.cc !== undefined ? writeJsonListColumn(attributes.cc) : (existing?.row.cc ?? null);
  const bcc = attributes.bcc !== undefined ? writeJsonListColumn(attributes.bcc) : (existing?.row.bcc ?? null);
  if (existing) {
    const same = existing.row.message === attributes.message && existing.row.type === type && existing.row.cc === cc && existing.row.bcc === bcc;
    if (same) return existing.draft;
    return write.changeFor('drafts', 'update', draftAudience(existing.draft), async (version) => {
      const row = await write.trx
        .updateTable('drafts')
        .set({ message: attributes.message, type, cc, bcc, updated_at: write.now, version })
        .where('org_id', '=', write.orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDraft(row, existing.draft.shared_with);
    });
  }
  return write.changeFor('drafts', 'insert', [agentId], async (version) => {
    const row = await write.trx
      .insertInto('drafts')
      .values({
        org_id: write.orgId,
        id,
        agent_id: agentId,
        conversation_id: conversation.id,
        type,
        message: attributes.message,
        cc,
        bcc,
        updated_at: write.now,
        created_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDraft(row, []);
  });
}

/**
 * The caller's draft a reply or note was written in, deleted with the send in its transaction.
 * Named wrongly (another agent's id, another conversation), the send is refused like a save.
 */
export async function deleteSentDraft(write: Write, conversation: ConversationRow, agentId: number, draftId: string | undefined): Promise<void> {
  if (draftId !== undefined) await saveDraft(write, conversation, agentId, { draft_id: draftId, attributes: { message: '' } });
}

/**
 * Shows the caller's draft to an active teammate: from now on every change of the draft reaches
 * them too. A draft that is not the caller's, or not of this conversation, is 404 like a
 * missing one; sharing twice with the same teammate changes nothing.
 */
export async function shareDraft(write: Write, conversation: ConversationRow, actor: AgentRow, body: DraftShareBody): Promise<Draft> {
  const agentId = actor.id;
  const existing = await findDraft(write.trx, write.orgId, body.draft_id);
  if (!existing || existing.row.agent_id !== agentId || existing.row.conversation_id !== conversation.id) throw notFound();
  if (body.target_id === agentId) throw fieldError('target_id', 'must be a teammate, not yourself');
  const target = await findAgentById(write.trx, body.target_id);
  if (!target || target.org_id !== write.orgId || target.is_removed !== 0) throw fieldError('target_id', 'is not an active teammate');
  if (existing.draft.shared_with.includes(target.id)) return existing.draft;

  const sharedWith = [...existing.draft.shared_with, target.id];
  await notifyDraftShared(write, actor, conversation, { id: `${body.draft_id}:${existing.row.created_at}`, message: existing.draft.message, targetId: target.id });
  return write.changeFor('drafts', 'update', draftAudience({ agent_id: agentId, shared_with: sharedWith }), async (version) => {
    await write.trx.insertInto('draft_shares').values({ org_id: write.orgId, draft_id: body.draft_id, agent_id: target.id, created_at: write.now }).execute();
    const row = await write.trx
      .updateTable('drafts')
      .set({ version })
      .where('org_id', '=', write.orgId)
      .where('id', '=', body.draft_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDraft(row, sharedWith);
  });
}
