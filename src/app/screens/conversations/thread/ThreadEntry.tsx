import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { parseMessageWireId, RULE_SOURCE } from '../../../../protocol/documents';
import type { AgentDirectory, AgentSummary } from '../../../session/agent-directory';
import type { Author } from './EntryHeader';
import { MessageCard } from './MessageCard';
import { NoteCard } from './NoteCard';

export type EntryHandlers = {
  onUndo: (message: LocalMessage) => void;
  onEditNote: (note: LocalMessage, text: string) => void;
  onDeleteNote: (note: LocalMessage) => void;
};

type ThreadEntryProps = EntryHandlers & {
  entry: LocalMessage;
  agents: AgentDirectory;
  contacts: ReadonlyMap<number, Contact>;
  me: AgentSummary;
  failure: string | undefined;
  fresh: boolean;
  now: number;
  /** Some entry comes before this one (shown or not yet loaded): a split from here keeps it. */
  hasEarlier?: boolean;
};

/** One message or note of the thread, with its author resolved. */
export function ThreadEntry({ entry, agents, contacts, me, failure, fresh, now, hasEarlier = false, ...handlers }: ThreadEntryProps) {
  const author = authorOf(entry, agents, contacts, me);
  // The worker's optimistic copy names no author: it is this agent's own, not yet saved.
  const mine = entry.source !== RULE_SOURCE && (entry.agent_id === me.id || (entry.agent_id === null && entry.contact_id === null && !isOwnAutoReply(entry)));
  const className = fresh ? 'entry--new' : '';
  if (entry.type === 'NOTE') {
    return (
      <NoteCard
        note={entry}
        author={author}
        mine={mine}
        now={now}
        className={className}
        onEdit={handlers.onEditNote}
        onDelete={handlers.onDeleteNote}
      />
    );
  }
  return (
    <MessageCard
      message={entry}
      author={author}
      mine={mine}
      fromContact={entry.contact_id !== null && entry.agent_id === null}
      failure={failure}
      now={now}
      className={className}
      onUndo={handlers.onUndo}
      splittable={hasEarlier && !entry.is_removed && parseMessageWireId(entry.id)?.type === 'MESSAGE'}
    />
  );
}

/** The business hours auto-reply the server wrote (no agent, no contact): nobody's own. */
function isOwnAutoReply(entry: LocalMessage): boolean {
  return entry.agent_id === null && entry.contact_id === null && entry.auto_kind === 'AUTO_REPLY';
}

function authorOf(entry: LocalMessage, agents: AgentDirectory, contacts: ReadonlyMap<number, Contact>, me: AgentSummary): Author {
  // A rule's entry in the history (issue 37): its text names the rule.
  if (entry.source === RULE_SOURCE) return { name: 'Rule', email: '', avatar: null };
  if (isOwnAutoReply(entry)) return { name: 'Business hours', email: '', avatar: null };
  if (entry.agent_id === null && entry.contact_id === null) return { name: me.name, email: me.email, avatar: me.avatar };
  if (entry.agent_id !== null) {
    const agent = agents.get(entry.agent_id);
    return agent ? { name: agent.name, email: agent.email, avatar: agent.avatar } : { name: 'Former teammate', email: '', avatar: null };
  }
  const contact = entry.contact_id === null ? undefined : contacts.get(entry.contact_id);
  if (contact) return { name: contact.name, email: contact.email ?? '', avatar: contact.avatar };
  return { name: 'Unknown contact', email: '', avatar: null };
}
