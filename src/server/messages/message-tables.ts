import type { Schema } from '../db/id-column';
import type { Generated, Selectable } from 'kysely';
import type { AutoKind, Message, MessageSource, MessageStatus } from '../../protocol/documents';

/** Messages and notes in one table; the wire id is `m-<id>` or `n-<id>` after `type`. */
export interface MessagesTable {
  id: Generated<number>;
  org_id: number;
  conversation_id: number;
  type: Message['type'];
  message: string;
  timestamp_ts: number;
  /** JSON array of attachments. */
  attachments: string;
  status: MessageStatus;
  source: MessageSource;
  delay: number;
  deliver_at: number | null;
  agent_id: number | null;
  contact_id: number | null;
  target_id: string | null;
  is_removed: number;
  created_at: number;
  version: number;
  /** Email: the sanitised HTML body (channels/sanitize-email-html.ts). */
  html: string | null;
  auto_kind: AutoKind | null;
  delivery_error: string | null;
  /** An email reply's own CC and BCC addresses: JSON arrays, null without any. */
  cc: string | null;
  bcc: string | null;
  /** 0018: a note's @mentioned agent ids (JSON list), null without any. */
  mentions: Generated<string | null>;
}

export type MessageRow = Selectable<MessagesTable>;

declare module '../db/database' {
  interface Database {
    messages: MessagesTable;
  }
}

/** Migration 0014: a reply's own CC and BCC (JSON arrays of addresses). */
export async function addReplyCopies(schema: Schema): Promise<void> {
  await schema.alterTable('messages').addColumn('cc', 'text').execute();
  await schema.alterTable('messages').addColumn('bcc', 'text').execute();
}
