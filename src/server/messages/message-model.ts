import { z } from 'zod';
import { messageWireId, type Attachment, type Message } from '../../protocol/documents';
import type { MessageRow } from './message-tables';
import { readCopiesColumn, readJsonColumn } from '../db/json-column';

const attachmentsSchema: z.ZodType<Attachment[]> = z.array(
  z.object({ name: z.string(), size: z.number(), type: z.string(), url: z.string() }),
);

const mentionsSchema: z.ZodType<number[] | null> = z.array(z.number()).nullable();

export function toMessage(row: MessageRow): Message {
  const timestamp = Number(row.timestamp_ts);
  const mentions = readJsonColumn(row.mentions ?? null, mentionsSchema, null);
  return {
    id: messageWireId(row.type, row.id),
    conversation_id: row.conversation_id,
    type: row.type,
    message: row.message,
    timestamp: new Date(timestamp).toISOString(),
    timestamp_ts: timestamp,
    attachments: readJsonColumn(row.attachments, attachmentsSchema, []),
    status: row.status,
    source: row.source,
    delay: row.delay,
    deliver_at: row.deliver_at === null ? null : Number(row.deliver_at),
    agent_id: row.agent_id,
    contact_id: row.contact_id,
    target_id: row.target_id,
    html: row.html ?? null,
    auto_kind: row.auto_kind ?? null,
    delivery_error: row.delivery_error ?? null,
    cc: readCopiesColumn(row.cc),
    bcc: readCopiesColumn(row.bcc),
    ...(mentions?.length ? { mentions } : {}),
    version: Number(row.version),
  };
}
