import type { PaletteData } from '../palette-items';
import { shownKeys, type Command } from './command';

/** The palette's conversation actions need one to act on: the open one, or the list's selection. */
const hasTarget = (data: PaletteData) => data.target !== null;
/** The target is assigned to the agent: `a` and the palette's row take it back. */
const mine = (data: PaletteData) => data.target?.agent_id === data.myId;
/** A conversation is open, with its composer (what the insert commands need). */
const composerOpen = (data: PaletteData) => data.target !== null && data.composerOpen === true;

const tag: Command = {
  id: 'tag',
  label: 'Add a tag',
  section: 'Conversation',
  keys: [{ key: 't' }],
  perform: (c) => c.forOpenConversation((open) => open.focus('tag')),
};

/**
 * What is done to a conversation, in the `?` sheet's order (the keyed ones) and the palette's
 * (the ones it offers). The keys act on the conversation of the page, or the list's selection;
 * pressed while a conversation opens, they wait for it.
 */
export const CONVERSATION_COMMANDS: readonly Command[] = [
  { id: 'reply', label: 'Reply', section: 'Conversation', keys: [{ key: 'r' }], perform: (c) => c.forOpenConversation((open) => open.focus('reply')) },
  { id: 'note', label: 'Write a note', section: 'Conversation', keys: [{ key: 'n' }], perform: (c) => c.forOpenConversation((open) => open.focus('note')) },
  tag,
  {
    id: 'assign',
    label: 'Assign to me, or unassign',
    section: 'Conversation',
    keys: [{ key: 'a' }],
    perform: (c) => c.forStoredConversation((conversation) => void c.triage.assign(conversation, conversation.agent_id === c.agentId ? null : c.agentId)),
    palette: {
      group: 'Actions',
      label: (data) => (mine(data) ? 'Unassign me' : 'Assign to me'),
      when: hasTarget,
      does: (data) => ({ type: 'assign', agentId: mine(data) ? null : data.myId }),
    },
  },
  { id: 'assign-to', label: 'Assign to…', palette: { group: 'Actions', keywords: 'teammate agent', when: hasTarget, does: { type: 'scope', scope: 'assign' } } },
  {
    id: 'close',
    label: 'Close the conversation',
    section: 'Conversation',
    keys: [{ key: 'e' }],
    perform: (c) => c.forStoredConversation((conversation) => void c.triage.setStatus(conversation, 'CLOSED')),
    palette: {
      group: 'Actions',
      label: 'Close',
      keywords: 'done resolve',
      when: (data) => data.target !== null && data.target.status !== 'CLOSED',
      does: { type: 'status', status: 'CLOSED' },
    },
  },
  {
    id: 'reopen',
    label: 'Reopen',
    palette: { group: 'Actions', keywords: 'open', when: (data) => data.target !== null && data.target.status !== 'OPENED', does: { type: 'status', status: 'OPENED' } },
  },
  {
    id: 'waiting',
    label: 'Mark as waiting',
    palette: { group: 'Actions', keywords: 'pending snooze', when: (data) => data.target !== null && data.target.status !== 'WAITING', does: { type: 'status', status: 'WAITING' } },
  },
  // The palette's own step for what `t` does in the header, so it shows `t`.
  { id: 'add-tag', label: 'Add tag…', shownKeys: shownKeys(tag), palette: { group: 'Actions', keywords: 'label', when: hasTarget, does: { type: 'scope', scope: 'tag' } } },
  {
    id: 'insert-snippet',
    label: 'Insert snippet…',
    // Typed in the composer, which opens its picker itself.
    shownKeys: ['#'],
    palette: { group: 'Actions', keywords: 'saved reply template canned', when: composerOpen, does: { type: 'insert-snippet' } },
  },
  { id: 'insert-article', label: 'Insert article link…', palette: { group: 'Actions', keywords: 'knowledge base help center faq', when: composerOpen, does: { type: 'insert-article' } } },
  {
    id: 'mark',
    label: 'Select for a bulk action',
    section: 'Conversation',
    keys: [{ key: 'x' }],
    perform: (c) => {
      const id = c.keyTargetId();
      if (id !== null) c.toggleMark(id);
    },
  },
  {
    id: 'undo',
    label: 'Undo the last action',
    section: 'Conversation',
    keys: [{ key: 'z' }],
    perform: (c) => void c.undoLast().then((text) => c.show({ title: text, key: 'last-action' })),
  },
];
