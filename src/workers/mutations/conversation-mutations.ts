import type { InboxDatabase } from '../../client-db/inbox-database';
import type { Conversation, ConversationStatus } from '../../protocol/documents';
import { slugOfTagNamed, tagSlug } from '../../protocol/tag-slug';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { onConversation } from './conversation-scope';
import type { MutationDefinitions } from './mutation-definition';
import { sampleConversation } from './sample-documents';
import { requestTo } from './route-request';

/** Tag, untag, status, assignment, snooze and read: one conversation's own fields. */
export const conversationMutations = {
  tag: {
    ...onConversation,
    touches: ['tags'],
    prepare: async (db, input) => ({ ...input, slug: await slugOfTagNamedHere(db, input.name) }),
    queued: async (db, input) => {
      await showNewTag(db, input.name, input.slug);
      return [];
    },
    patch: { conversations: (doc, input) => doc && withTag(doc, input.slug ?? tagSlug(input.name)) },
    request: (input) => requestTo(MUTATION_ROUTES.tag, { id: input.conversation_id }, { name: input.name }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'tag', conversation_id: 1, name: 'VIP' } },
  },
  untag: {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && withoutTag(doc, input.slug) },
    request: (input) => requestTo(MUTATION_ROUTES.untag, { id: input.conversation_id, slug: input.slug }),
    sample: { seed: { conversations: [sampleConversation({ tags: ['vip'] })] }, input: { kind: 'untag', conversation_id: 1, slug: 'vip' } },
  },
  status: {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && withStatus(doc, input.status) },
    request: (input) => requestTo(MUTATION_ROUTES.status, { id: input.conversation_id }, { status: input.status }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'status', conversation_id: 1, status: 'CLOSED' } },
  },
  assign: {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && withAgent(doc, input.agent_id) },
    request: (input) => requestTo(MUTATION_ROUTES.assign, { id: input.conversation_id }, { agent_id: input.agent_id }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'assign', conversation_id: 1, agent_id: 2 } },
  },
  snooze: {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && { ...doc, snoozed_until: input.until } },
    request: (input) => requestTo(MUTATION_ROUTES.snooze, { id: input.conversation_id }, { until: input.until }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'snooze', conversation_id: 1, until: Date.UTC(2030, 0, 1) } },
  },
  read: {
    ...onConversation,
    patch: { conversations: (doc) => doc && { ...doc, is_unread: false } },
    request: (input) => requestTo(MUTATION_ROUTES.read, { id: input.conversation_id }),
    sample: { seed: { conversations: [sampleConversation({ is_unread: true })] }, input: { kind: 'read', conversation_id: 1 } },
  },
} satisfies MutationDefinitions<'tag' | 'untag' | 'status' | 'assign' | 'snooze' | 'read'>;

/** §5: a tag is added only if not already present (by its optimistic slug; the server's answer replaces it). */
export function withTag(doc: Conversation, slug: string): Conversation {
  return doc.tags.includes(slug) ? doc : { ...doc, tags: [...doc.tags, slug] };
}

/** §5: untag only if present. */
export function withoutTag(doc: Conversation, slug: string): Conversation {
  return doc.tags.includes(slug) ? { ...doc, tags: doc.tags.filter((tag) => tag !== slug) } : doc;
}

export function withStatus(doc: Conversation, status: ConversationStatus): Conversation {
  return { ...doc, status };
}

export function withAgent(doc: Conversation, agentId: number | null): Conversation {
  return { ...doc, agent_id: agentId };
}

/** slugOfTagNamed over the tags this device holds (a few hundred at most). */
export async function slugOfTagNamedHere(db: InboxDatabase, name: string): Promise<string> {
  return slugOfTagNamed(name, (await db.tags.toArray()).map((tag) => [tag.slug, tag.name] as const));
}

/**
 * A tag new to this organization has no document until the server creates it: show its name
 * meanwhile. Version 0 gives way to the server's copy, whatever it says.
 */
export async function showNewTag(db: InboxDatabase, name: string, slug = tagSlug(name)): Promise<void> {
  if (!(await db.tags.get(slug))) await db.tags.put({ slug, name: name.trim(), is_system: false, version: 0 });
}
