import type { ServerModule } from '../server-module';
import { registerConversationActionRoutes } from './conversation-action-routes';
import { conversationThreads } from './conversation-bootstrap';
import { inboxFirstScreen } from './conversation-first-screen';
import { registerConversationMutationRoutes } from './conversation-mutation-routes';
import { registerConversationRoutes } from './conversation-routes';
import { addCloseFacts, addConversationMerges, addFirstReadAt, addSnoozeAndTagColour } from './conversation-tables';
import { wakeConversationJob } from './snooze-conversation';
import { createSyncTables, createTenantReadIndexes } from './sync-tables';

/**
 * Conversations with their threads. It holds 0002-sync, the sync engine's first migration, which
 * made the contacts, tags, messages and the feed's tables too.
 */
export const conversationsModule = {
  migrations: {
    '0002-sync': (db, dialect) => createSyncTables(db.schema, dialect),
    '0012-snooze-tag-colour': (db) => addSnoozeAndTagColour(db.schema),
    '0017-conversation-merges': (db) => addConversationMerges(db.schema),
    '0024-tenant-read-indexes': (db) => createTenantReadIndexes(db.schema),
    '0030-close-facts': (db) => addCloseFacts(db),
    '0032-first-read': (db) => addFirstReadAt(db.schema),
  },
  routes: [registerConversationRoutes, registerConversationMutationRoutes, registerConversationActionRoutes],
  readers: { conversations: conversationThreads },
  firstScreen: inboxFirstScreen,
  jobs: (services) => ({ wake_conversation: wakeConversationJob(services) }),
} satisfies ServerModule;
