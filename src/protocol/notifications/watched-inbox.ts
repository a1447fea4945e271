import type { CustomInbox } from '../api/models';
import { DEFAULT_INBOX_QUERY } from '../inbox-query/inbox-query';
import type { NotificationSettings } from './notification-settings';

/**
 * The query of the inbox whose new conversations an agent is told of: the custom inbox the
 * settings name, else the agent's default inbox (the custom inbox marked default, or §2's query).
 * A custom inbox deleted since falls back to the default.
 */
export function watchedInboxQuery(inboxes: readonly CustomInbox[], settings: Pick<NotificationSettings, 'inbox'>): string {
  const chosen = settings.inbox === null ? undefined : inboxes.find((inbox) => inbox.key === settings.inbox);
  return (chosen ?? inboxes.find((inbox) => inbox.is_default))?.query ?? DEFAULT_INBOX_QUERY;
}
