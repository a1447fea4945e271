import type { ConversationFilter } from '../../conversation-filter';

export const FILTER_LABELS: Record<ConversationFilter, string> = { inbox: 'Inbox', waiting: 'Waiting', snoozed: 'Snoozed', all: 'All' };
