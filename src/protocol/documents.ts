/**
 * Documents of the conversation domain as they travel over REST and the stream (§3). Every
 * document carries `version`: the change-feed sequence number of its last change, so that a
 * client never lets an older copy overwrite a newer one.
 */
export const CONVERSATION_STATUSES = ['OPENED', 'WAITING', 'CLOSED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CHANNELS = ['EMAIL', 'CHAT'] as const;
export type Channel = (typeof CHANNELS)[number];

export const MESSAGE_SOURCES = ['EMAIL', 'CHAT', 'API'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** PENDING: held for its delay (§4); SENT: delivered; CANCELLED: undone; RECEIVED: from the contact. */
export const MESSAGE_STATUSES = ['PENDING', 'SENT', 'CANCELLED', 'RECEIVED', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export type Recipient = { id: number; from: string; contact_id: number };

export type Conversation = {
  id: number;
  agent_id: number | null;
  contact_id: number;
  channel: Channel;
  channel_id: number | null;
  subject: string;
  status: ConversationStatus;
  /** Tag slugs. */
  tags: string[];
  recipients: Recipient[];
  /** The latest message or note, shortened, for the list. */
  last_update: string;
  last_update_ts: number;
  /** A new contact message that no agent has read yet. */
  is_unread: boolean;
  /** Higher first when ordering by priority; ties by last_update_ts, newest first. */
  priority: number;
  created_at: number;
  version: number;
};

export type Attachment = { name: string; size: number; type: string; url: string };

/** A message (`m-<n>`) or a note (`n-<n>`). */
export type Message = {
  id: string;
  conversation_id: number;
  type: 'MESSAGE' | 'NOTE';
  message: string;
  timestamp: string;
  timestamp_ts: number;
  attachments: Attachment[];
  status: MessageStatus;
  source: MessageSource;
  /** Seconds the send is held (§4: default 10; chat 0). */
  delay: number;
  /** When the held send goes out (epoch ms); null once delivered or for received messages. */
  deliver_at: number | null;
  agent_id: number | null;
  contact_id: number | null;
  /** The client's id for an optimistic message, so the client can replace its temporary copy. */
  target_id: string | null;
  version: number;
};

export type Contact = {
  id: number;
  name: string;
  email: string | null;
  avatar: string | null;
  is_trusted: boolean;
  company: string | null;
  version: number;
};

export type Tag = { slug: string; name: string; is_system: boolean; version: number };

/** Collections of the stream (`col`) and the documents they carry. */
export type Collections = {
  conversations: Conversation;
  messages: Message;
  contacts: Contact;
  tags: Tag;
};
export type CollectionName = keyof Collections;
export const COLLECTIONS = ['conversations', 'messages', 'contacts', 'tags'] as const satisfies readonly CollectionName[];

/** `GET conversations/status` (§3 Statistics). */
export type ConversationStatistics = {
  /** Unread conversations per inbox key (`default` is the default inbox, §9). */
  statistics: Record<string, number>;
  /** When the organization's first conversation arrived, or null. */
  first_conversation: number | null;
  /** Median seconds from a contact message to an agent's first reading of it, or null. */
  reading_time: number | null;
};

export function isMessageId(id: string): boolean {
  return id.startsWith('m-');
}

export function isNoteId(id: string): boolean {
  return id.startsWith('n-');
}

/** The wire id of a message (`m-<n>`) or a note (`n-<n>`) stored with row id n. */
export function messageWireId(type: Message['type'], rowId: number): string {
  return `${type === 'NOTE' ? 'n' : 'm'}-${rowId}`;
}

/** The type and row id of a wire id, or null for anything that is not `m-<n>` or `n-<n>`. */
export function parseMessageWireId(id: string): { type: Message['type']; rowId: number } | null {
  const match = /^([mn])-([1-9][0-9]{0,14})$/.exec(id);
  if (!match?.[1] || !match[2]) return null;
  return { type: match[1] === 'n' ? 'NOTE' : 'MESSAGE', rowId: Number(match[2]) };
}

/**
 * The key of a document in its collection, as the feed's `doc_id` and a `delete` message's
 * `document.id` carry it: tags are keyed by slug, messages by their `m-`/`n-` id, the others
 * by their numeric id as text.
 */
export function documentKey(col: CollectionName, document: { id?: unknown; slug?: unknown }): string {
  return String(col === 'tags' ? document.slug : document.id);
}

/** What a `delete` message carries: only the key of the removed document. */
export type DeletedDocument = { id: string };
