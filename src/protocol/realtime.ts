import { z } from 'zod';

/**
 * The realtime protocol of `/stream` (DESIGN.md, §4, §7). The server sends JSON messages; the
 * client sends the text `PING` (answered `PONG`) and JSON `{action, …}` events.
 */
export const CONTROL_ACTIONS = ['READY', 'DONE', 'ERROR', 'VERSION', 'RESET'] as const;
export const DOCUMENT_ACTIONS = ['insert', 'update', 'delete', 'read', 'fetch'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

const documentShape = z.record(z.string(), z.unknown());
export type WireDocument = z.infer<typeof documentShape>;

export const serverMessage = z.object({
  action: z.enum([...CONTROL_ACTIONS, ...DOCUMENT_ACTIONS]),
  col: z.string().optional(),
  target_id: z.string().optional(),
  document: documentShape.optional(),
  documents: z.array(documentShape).optional(),
  version: z.union([z.string(), z.number()]).optional(),
  code: z.string().optional(),
  /** The feed position this message brings the client up to. */
  cursor: z.number().optional(),
});
export type ServerMessage = z.infer<typeof serverMessage>;

/** Parses one socket frame; anything that is not a valid message is null, never thrown. */
export function parseServerMessage(data: string): ServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const result = serverMessage.safeParse(json);
  return result.success ? result.data : null;
}

/** Close codes (§4, DESIGN.md). Auth failures use 40xx with a JSON reason `{code: '40…'}`. */
export const CLOSE_CODES = {
  normal: 1000,
  pingTimeout: 3408,
  sendFailure: 3500,
  unauthorized: 4001,
  forbidden: 4003,
} as const;

/** A close reason whose JSON `code` starts with 40 ends the session (§4). */
export function isAuthFailureReason(reason: string): boolean {
  try {
    const parsed: unknown = JSON.parse(reason);
    if (typeof parsed !== 'object' || parsed === null || !('code' in parsed)) return false;
    return String(parsed.code).startsWith('40');
  } catch {
    return false;
  }
}

export const PING = 'PING';
export const PONG = 'PONG';

/** Headers of a streamed GET (§7): the server answers 202, then the result over the socket. */
export const STREAM_HEADER = 'x-stream';
export const CONTENT_ID_HEADER = 'x-content-id';
export const MUTATION_HEADER = 'x-mutation-id';
