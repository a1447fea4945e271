import type { LocalMessage } from '../../client-db/inbox-database';
import type { Conversation, Draft } from '../../protocol/documents';

/** Documents for the definitions' samples (MutationSample) and the worker's tests: the server's copies, version 1. */
export function sampleConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 1,
    agent_id: null,
    contact_id: 1,
    channel: 'EMAIL',
    channel_id: null,
    subject: 'Hello',
    status: 'OPENED',
    tags: [],
    recipients: [],
    last_update: '',
    last_update_ts: 1,
    is_unread: true,
    priority: 0,
    created_at: 1,
    version: 1,
    ...overrides,
  };
}

export function sampleMessage(overrides: Partial<LocalMessage> = {}): LocalMessage {
  return {
    id: 'm-1',
    conversation_id: 1,
    type: 'MESSAGE',
    message: 'Hi',
    timestamp: new Date(1000).toISOString(),
    timestamp_ts: 1000,
    attachments: [],
    status: 'SENT',
    source: 'EMAIL',
    delay: 10,
    deliver_at: null,
    agent_id: 1,
    contact_id: null,
    target_id: null,
    version: 1,
    ...overrides,
  };
}

export function sampleDraft(overrides: Partial<Draft> = {}): Draft {
  return { id: 'd-1-1-reply', conversation_id: 1, agent_id: 1, type: 'REPLY', message: 'Hi', shared_with: [], updated_at: 1, version: 1, ...overrides };
}
