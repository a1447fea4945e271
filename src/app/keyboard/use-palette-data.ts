import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import type { Conversation } from '../../protocol/documents';
import type { ConversationFilter } from '../screens/conversation-filter';
import { useTagNames } from '../screens/conversations/use-tag-names';
import { useAgentDirectory } from '../session/agent-directory';
import { can } from '../session/permissions';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import type { PaletteData } from './palette-items';

/** How many conversations the palette searches: the most recently updated. */
export const PALETTE_CONVERSATIONS = 200;

type Candidate = PaletteData['conversations'][number];
const NONE: readonly Candidate[] = [];

/** What the palette offers, from the live local data and the agent directory. */
export function usePaletteData(target: Conversation | undefined, filter: ConversationFilter): PaletteData {
  const { slug, agent } = useSignedIn();
  const db = useInboxDb();
  const directory = useAgentDirectory();
  const tagNames = useTagNames();
  const conversations = useLiveQuery(
    async () => {
      const recent = await db.conversations.orderBy('last_update_ts').reverse().limit(PALETTE_CONVERSATIONS).toArray();
      const contacts = await db.contacts.bulkGet([...new Set(recent.map((c) => c.contact_id))]);
      const names = new Map(contacts.flatMap((c) => (c ? [[c.id, c.name || c.email] as const] : [])));
      return recent.map((c) => ({ id: c.id, subject: c.subject, contact: names.get(c.contact_id) ?? 'Unknown contact' }));
    },
    [db],
    NONE,
  );
  return useMemo(
    () => ({
      slug,
      myId: agent.id,
      filter,
      canSeeTeam: can(agent, PAGE_PERMISSIONS.team),
      target: target ?? null,
      conversations,
      tags: [...tagNames].map(([tagSlug, name]) => ({ slug: tagSlug, name })).sort((a, b) => a.name.localeCompare(b.name)),
      teammates: [...directory.values()].sort((a, b) => (a.id === agent.id ? -1 : b.id === agent.id ? 1 : a.name.localeCompare(b.name))),
    }),
    [slug, agent, filter, target, conversations, tagNames, directory],
  );
}
