import { z } from 'zod';

/**
 * The realtime protocol of `/stream` (docs/architecture.md "Realtime protocol", §4, §7). The server sends JSON messages; the
 * client sends the text `PING` (answered `PONG`) and JSON `{action, …}` events.
 */
/**
 * A bootstrap (RESET) sends the agent's first screen first (§2 default inbox): `COUNTS` carries
 * the server's unread counts per inbox key (`document`, as `GET conversations/status` counts
 * them) for the client to show until its own copy is complete, and `PAINT` says that what came
 * before it is a screen worth showing: the client commits it at once, before reading on, and
 * answers each PAINT with `PAINTED` once its tabs have had a moment to read it. The server sends
 * the rest of the bootstrap once every PAINT is answered (or after FIRST_SCREEN_WAIT_MS), so the
 * first screen is written and painted before the rest takes the network and the machine.
 */
export const CONTROL_ACTIONS = ['READY', 'DONE', 'ERROR', 'VERSION', 'RESET', 'COUNTS', 'PAINT'] as const;
export const DOCUMENT_ACTIONS = ['insert', 'update', 'delete', 'read', 'fetch'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
/** Presence (§4 "agent and contact live and left; viewing"): never in the feed, never stored by the server. */
export const PRESENCE_ACTIONS = ['live', 'left', 'viewing'] as const;
export type PresenceAction = (typeof PRESENCE_ACTIONS)[number];

export type WireDocument = Record<string, unknown>;
/**
 * A document is checked to be a JSON object, not copied key by key: a bootstrap brings 100,000s
 * of them, and their fields are read by the collection's key and version checks (feed-ops).
 */
const documentShape = z.custom<WireDocument>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

export const serverMessage = z.object({
  action: z.enum([...CONTROL_ACTIONS, ...DOCUMENT_ACTIONS, ...PRESENCE_ACTIONS]),
  col: z.string().optional(),
  target_id: z.string().optional(),
  document: documentShape.optional(),
  documents: z.array(documentShape).optional(),
  version: z.union([z.string(), z.number()]).optional(),
  code: z.string().optional(),
  /** The feed position this message brings the client up to. */
  cursor: z.number().optional(),
  /** On a feed row written by an idempotent mutation: the x-mutation-id it was sent with. */
  mutation_id: z.string().optional(),
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

/** Close codes (§4, docs/architecture.md "Realtime protocol"). Auth failures use 40xx with a JSON reason `{code: '40…'}`. */
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

/** `GET /stream` lives at the host root, not under /api/ (§7, docs/architecture.md "Server"). */
export const STREAM_PATH = '/stream';

/** The value of STREAM_HEADER that asks for a streamed answer. */
export const STREAM_HEADER_VALUE = '1';

/**
 * The query of `GET /stream`: the session token, the client session id (the SESSION_HEADER
 * value, so streamed GETs of that client find this socket), `init` on a first connect, and the
 * feed position the client holds (`cursor`, from the last READY or feed message), and the
 * conversation open in the agent's tab (`open`: a hint, its messages come right after the first
 * screen on a bootstrap). A malformed session, init, cursor or open counts as absent (a bad
 * cursor means a reset, not a refusal).
 */
export const streamQuery = z.object({
  token: z.string().max(200).optional(),
  session: z.string().max(200).optional().catch(undefined),
  init: z.enum(['true', 'false']).optional().catch(undefined),
  cursor: z.string().regex(/^[0-9]{1,15}$/).transform(Number).optional().catch(undefined),
  /** The conversation the agent's address names, sent right after the first screen on a bootstrap. */
  open: z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number).optional().catch(undefined),
  /** `1`: the client answers a bootstrap's documents with WRITTEN, so the server paces the bootstrap by them. */
  pace: z.enum(['1']).optional().catch(undefined),
  /**
   * `deflate`: the client takes a bootstrap's documents after the first screen as binary frames,
   * each the zlib-deflated text of the frame it replaces (the server deflates them itself, see
   * stream-socket.ts's sendDeflatedFlushed); everything else stays text.
   */
  batches: z.enum(['deflate']).optional().catch(undefined),
});
export type StreamQuery = z.input<typeof streamQuery>;

/**
 * A JSON frame from the client. Only the shape is checked; the server ignores actions it does
 * not know.
 */
export const clientMessage = z.object({ action: z.string().max(100) }).loose();
export type ClientMessage = z.infer<typeof clientMessage>;

/** The client's answer to a bootstrap's PAINT: what came before it is written (see CONTROL_ACTIONS). */
export const PAINTED_FRAME = JSON.stringify({ action: 'PAINTED' });
export const paintedFrame = z.object({ action: z.literal('PAINTED') });

/**
 * The client's answer to a bootstrap's documents, sent after each transaction that wrote some
 * commits: how many documents of this socket's bootstrap (every `fetch` after RESET without a
 * target id) it has written in all. A client that asked for it (`pace=1` on `/stream`) is sent
 * at most BOOTSTRAP_WINDOW_DOCS documents it has not yet written: the server sends as fast as
 * the device writes, instead of at once, so neither the server's reads and serialization, nor
 * the parsing of what waits in the worker, crowd the device's first seconds, and the worker
 * never holds more than a window of documents waiting.
 */
export const writtenFrame = z.object({ action: z.literal('WRITTEN'), documents: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) });
export type WrittenFrame = z.infer<typeof writtenFrame>;
export function writtenFrameText(documents: number): string {
  return JSON.stringify({ action: 'WRITTEN', documents } satisfies WrittenFrame);
}

/**
 * What the agent's browser says it is doing (§4 viewer presence): the one conversation it views
 * (null: none) and whether it is writing a reply there. Sent when that changes and after every
 * (re)connect; a frame that does not match is ignored.
 */
export const viewingFrame = z.object({
  action: z.literal('viewing'),
  conversation_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  typing: z.boolean(),
});
export type ViewingFrame = z.infer<typeof viewingFrame>;

/** The close reason of an auth failure: JSON whose `code` starts with 40 (§4). */
export function authFailureReason(code: '401' | '403', error: string): string {
  return JSON.stringify({ code, error });
}

/**
 * What the final `DONE` of a streamed GET carries in `document` besides the `fetch` messages:
 * the page's `next_cursor` for `conversations/`, `has_more` for `conversations/{id}/messages/`.
 * An `ERROR` carries `{error, status}` (and `errors` for a 400 with field errors).
 */
export type StreamedPageInfo = { next_cursor: string | null } | { has_more: boolean };
export type StreamedError = { error: string; status: number; errors?: Record<string, string> };
