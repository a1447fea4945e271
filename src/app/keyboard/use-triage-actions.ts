import { useMemo } from 'react';
import type { BulkAction } from '../../protocol/api/conversation-requests';
import { BULK_MAX_CONVERSATIONS, tagBody } from '../../protocol/api/conversation-requests';
import type { Conversation, ConversationStatus } from '../../protocol/documents';
import { slugOfTagNamed } from '../../protocol/tag-slug';
import { holdTagRemovalUntilStored, holdTagUntilStored, holdUntilStored } from '../sync/conversation-overlay';
import { useInboxDb } from '../sync/sync-context';
import { useSyncActions } from '../sync/use-sync-actions';
import { useKeyboardRegistry } from './keyboard-context';
import type { KeyboardRegistry } from './keyboard-context';

type Subject = Pick<Conversation, 'id' | 'status' | 'agent_id' | 'tags' | 'snoozed_until'>;

export type TriageActions = {
  setStatus: (conversation: Subject, status: ConversationStatus) => Promise<void>;
  assign: (conversation: Subject, agentId: number | null) => Promise<void>;
  /** `tagNames`: the tags known (slug → name), to show the tag the name stands for. */
  addTag: (conversation: Subject, name: string, tagNames: ReadonlyMap<string, string>) => Promise<void>;
  removeTag: (conversation: Subject, slug: string, tagNames: ReadonlyMap<string, string>) => Promise<void>;
  /** Until a time (epoch ms), or back now with null. */
  snooze: (conversation: Subject, until: number | null) => Promise<void>;
  /** One action on several conversations (one bulk row per BULK_MAX_CONVERSATIONS), undone as one. */
  bulk: (ids: readonly number[], action: BulkAction) => Promise<void>;
};

/** The triage actions of this tab whose worker has not answered yet. */
const underWay = new Set<Promise<void>>();

function tracked(work: Promise<void>): Promise<void> {
  underWay.add(work);
  const done = () => underWay.delete(work);
  work.then(done, done);
  return work;
}

/**
 * Resolves once every triage action this tab has started is recorded (or refused): the header
 * shows a status at once, so z pressed the instant after must find that action to take back,
 * not the one before it.
 */
export async function triageRecorded(): Promise<void> {
  await Promise.allSettled([...underWay]);
}

/**
 * The conversation actions that z can undo, from the header, the shortcuts and the palette
 * alike: each is a mutation through the worker, recorded with what it changed. A status, an
 * assignee or a tag added or removed shows in this tab's header at once (conversation-overlay.ts), before
 * the worker's write is read back.
 */
export function useTriageActions(): TriageActions {
  return useTriageActionsRecordedBy(useKeyboardRegistry().record);
}

/** The same, for the keyboard provider itself, which is above its own registry context. */
export function useTriageActionsRecordedBy(record: KeyboardRegistry['record']): TriageActions {
  const { mutateTracked } = useSyncActions();
  const db = useInboxDb();
  return useMemo(() => {
    const actions: TriageActions = {
      setStatus: async (c, status) => {
        if (c.status === status) return;
        const settle = holdUntilStored(c.id, { status });
        const recorded = (await mutateTracked({ kind: 'status', conversation_id: c.id, status })) !== null;
        settle(recorded);
        if (recorded) record({ kind: 'status', conversation_id: c.id, before: c.status, after: status });
      },
      assign: async (c, agentId) => {
        if (c.agent_id === agentId) return;
        const settle = holdUntilStored(c.id, { agent_id: agentId });
        const recorded = (await mutateTracked({ kind: 'assign', conversation_id: c.id, agent_id: agentId })) !== null;
        settle(recorded);
        if (recorded) record({ kind: 'assign', conversation_id: c.id, before: c.agent_id, after: agentId });
      },
      addTag: async (c, name, tagNames) => {
        // A name the worker refuses at once (a tag "!!!") is never shown, not even for a frame.
        const settle = tagBody.safeParse({ name }).success ? holdTagUntilStored(c.id, slugOfTagNamed(name, tagNames), name) : () => undefined;
        const recorded = (await mutateTracked({ kind: 'tag', conversation_id: c.id, name })) !== null;
        settle(recorded);
        if (recorded) record({ kind: 'tag', conversation_id: c.id, name, tagsBefore: c.tags });
      },
      removeTag: async (c, slug, tagNames) => {
        const settle = holdTagRemovalUntilStored(c.id, slug);
        const recorded = (await mutateTracked({ kind: 'untag', conversation_id: c.id, slug })) !== null;
        settle(recorded);
        if (recorded) record({ kind: 'untag', conversation_id: c.id, slug, name: tagNames.get(slug) ?? slug });
      },
      snooze: async (c, until) => {
        const before = c.snoozed_until ?? null;
        if ((await mutateTracked({ kind: 'snooze', conversation_id: c.id, until })) !== null) {
          record({ kind: 'snooze', conversation_id: c.id, before: before !== null && before > Date.now() ? before : null, after: until });
        }
      },
      bulk: async (ids, action) => {
        const before = (await db.conversations.bulkGet([...new Set(ids)])).filter((c) => c !== undefined);
        const sent: Conversation[] = [];
        for (let start = 0; start < before.length; start += BULK_MAX_CONVERSATIONS) {
          const part = before.slice(start, start + BULK_MAX_CONVERSATIONS);
          if ((await mutateTracked({ kind: 'bulk', conversation_ids: part.map((c) => c.id), action })) !== null) sent.push(...part);
        }
        if (sent.length === 0) return;
        record({ kind: 'bulk', action, before: sent.map((c) => ({ id: c.id, status: c.status, agent_id: c.agent_id, tags: c.tags })) });
      },
    };
    return {
      setStatus: (c, status) => tracked(actions.setStatus(c, status)),
      assign: (c, agentId) => tracked(actions.assign(c, agentId)),
      addTag: (c, name, tagNames) => tracked(actions.addTag(c, name, tagNames)),
      removeTag: (c, slug, tagNames) => tracked(actions.removeTag(c, slug, tagNames)),
      snooze: (c, until) => tracked(actions.snooze(c, until)),
      bulk: (ids, action) => tracked(actions.bulk(ids, action)),
    };
  }, [mutateTracked, record, db]);
}
