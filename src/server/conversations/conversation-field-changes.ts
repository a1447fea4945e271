import type { BulkAction } from '../../protocol/api/conversation-requests';
import type { ConversationStatus } from '../../protocol/documents';
import { suggestSlug } from '../../protocol/slug';
import { findAgentById } from '../agents/agent-queries';
import { fieldError } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { ensureTag } from '../tags/tag-queries';
import type { ConversationPatch } from './conversation-changes';

/**
 * A change of a conversation's own fields (status, assignee, a tag), checked once and then patched
 * onto each conversation it applies to, from that conversation's tags. The single routes
 * (`…/status`, `…/assign`, `…/tags`) apply one to one conversation and `conversations/bulk` to
 * each it lists, so the two never differ in what they accept or write. `field` names the input
 * a refusal is about (`agent_id`, or `action.agent_id` in a bulk body).
 */
export type FieldChange = (tags: readonly string[]) => ConversationPatch;

export function statusChange(status: ConversationStatus): FieldChange {
  return () => ({ status });
}

/** §6: a conversation is assigned to an active teammate of its organization, or to nobody. */
export async function assigneeChange(write: Write, agentId: number | null, field: string): Promise<FieldChange> {
  if (agentId !== null) {
    const agent = await findAgentById(write.trx, agentId);
    if (!agent || agent.org_id !== write.orgId || agent.is_removed !== 0) throw fieldError(field, 'is not an active teammate');
  }
  return () => ({ agent_id: agentId });
}

/** The slug a tag's name asks for (§8: a name needs a letter or a digit). Pure, so a route checks it before any lookup. */
export function tagSlugOf(name: string, field: string): string {
  const suggested = suggestSlug(name);
  if (!suggested) throw fieldError(field, 'must contain a letter or a digit');
  return suggested;
}

/** §5: the tag of that name (created if the organization has none) is added where it is absent. */
export async function addTagChange(write: Write, suggested: string, name: string): Promise<FieldChange> {
  const { slug } = await ensureTag(write, suggested, name);
  return (tags) => (tags.includes(slug) ? {} : { tags: JSON.stringify([...tags, slug]) });
}

/** §5: a tag is removed where it is present. */
export function removeTagChange(slug: string): FieldChange {
  return (tags) => (tags.includes(slug) ? { tags: JSON.stringify(tags.filter((tag) => tag !== slug)) } : {});
}

/** A bulk body's action as the single route's own change. */
export function bulkChange(write: Write, action: BulkAction): FieldChange | Promise<FieldChange> {
  if ('status' in action) return statusChange(action.status);
  if ('agent_id' in action) return assigneeChange(write, action.agent_id, 'action.agent_id');
  if ('add_tag' in action) return addTagChange(write, tagSlugOf(action.add_tag, 'action.add_tag'), action.add_tag);
  return removeTagChange(action.remove_tag);
}
