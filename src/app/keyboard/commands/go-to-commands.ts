import type { ConversationFilter } from '../../screens/conversation-filter';
import { conversationListPath } from '../../screens/conversation-filter';
import type { Command, PaletteEntry } from './command';

const FILTER_NAMES: Record<ConversationFilter, string> = { inbox: 'Inbox', waiting: 'Waiting', snoozed: 'Snoozed', all: 'All conversations' };

const inbox = (filter: ConversationFilter): Command => ({
  id: `go-${filter}`,
  label: `Go to ${FILTER_NAMES[filter]}`,
  palette: { group: 'Inboxes', keywords: 'inbox list', does: (data) => ({ type: 'navigate', to: conversationListPath(data.slug, filter) }) },
});

/** A page of the organization's app, by its path under `/{slug}`. */
const page = (id: string, label: string, path: string, more: Pick<PaletteEntry, 'keywords' | 'when'> = {}): Command => ({
  id,
  label,
  palette: { group: 'Go to', ...more, does: (data) => ({ type: 'navigate', to: `/${data.slug}/${path}` }) },
});

/** The palette's places to go, in its order: a new conversation, the inboxes, the other pages. */
export const GO_TO_COMMANDS: readonly Command[] = [
  // Write to a customer first (an email): the new conversation's form.
  {
    id: 'new-conversation',
    label: 'New conversation',
    palette: { group: 'Actions', keywords: 'compose write email start outbound', does: (data) => ({ type: 'navigate', to: `/${data.slug}/conversations/new` }) },
  },
  ...(['inbox', 'waiting', 'snoozed', 'all'] as const).map(inbox),
  page('go-home', 'Go to Home', 'bonjour'),
  page('go-team', 'Go to Team', 'team', { keywords: 'members invite', when: (data) => data.canSeeTeam }),
  page('go-account', 'Go to Account settings', 'account/general', { keywords: 'profile password dark mode theme' }),
  page('go-notifications', 'Go to Notifications', 'account/notifications', { keywords: 'push email mentions devices' }),
  page('go-organization', 'Go to Organization settings', 'organization/general'),
];
