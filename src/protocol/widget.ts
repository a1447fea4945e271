/**
 * The website chat widget's wire protocol: what the embedded script (src/widget) and the server
 * (src/server/chat) say to each other. The widget is a small script on customers' pages, so this
 * module holds types, constants and plain guards only (no zod): whatever it imports ends up in
 * every visitor's download. The server validates visitor frames with the zod schemas of
 * api/chat-settings.ts.
 *
 * Everything the widget uses sits under `/widget` at the host root, beside `/widget.js`:
 *
 *   GET /widget/config?org=<slug>                  public, CORS: WidgetConfig, 404 when unavailable
 *   GET /widget/stream?org=<slug>&visitor=<token>  WebSocket of one visitor (frames below)
 *
 * A socket's first frame from the server is `ready`, carrying the visitor's token (a new one when
 * none or an unknown one was given), the conversation so far and the details the visitor gave.
 * Then `message` for every message of the conversation written after (the visitor's own from
 * another tab, the agents' replies; never notes), `sent` answering each `send`, `profile`
 * answering `identify`, and `error` for a refused frame. The visitor sends the text `PING`
 * (answered `PONG`) and the JSON frames `send` and `identify`.
 */

export const WIDGET_SCRIPT_PATH = '/widget.js';
export const WIDGET_CONFIG_PATH = '/widget/config';
export const WIDGET_STREAM_PATH = '/widget/stream';

/** The visitor's token (URL-safe base64, 256 bits), kept in the host page's localStorage. */
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Limits a visitor meets, with the texts the widget shows. */
export const WIDGET_LIMITS = {
  /** Characters of one chat message. */
  messageChars: 5_000,
  /** Bytes of one socket frame; a larger frame closes the socket (1009). */
  frameBytes: 32 * 1024,
  /** `send` and `identify` frames per visitor per minute (and per IP: ipMessagesPerMinute). */
  messagesPerMinute: 20,
  ipMessagesPerMinute: 120,
  /** New widget sockets per IP per minute, and open ones per IP at once. */
  connectionsPerMinute: 60,
  openConnectionsPerIp: 30,
  /** Messages of the conversation sent in `ready`. */
  historyMessages: 50,
  /**
   * The server closes a socket that said nothing (not even PING) for this long. Generous: a
   * background tab's timers may run only once a minute, and so may its PINGs.
   */
  idleMs: 150_000,
  /** The widget sends PING after this long without a frame. */
  pingAfterMs: 25_000,
  /** A PING unanswered this long means the socket is dead. */
  pongTimeoutMs: 20_000,
} as const;

/** Close codes of the widget socket. */
export const WIDGET_CLOSE_CODES = {
  /** The organization does not exist or its chat is switched off: do not reconnect. */
  unavailable: 4003,
  /** Too many sockets from this address: reconnect later. */
  tooManyConnections: 4029,
  /** A frame over WIDGET_LIMITS.frameBytes. */
  frameTooLarge: 1009,
  /** Nothing heard for WIDGET_LIMITS.idleMs. */
  idle: 3408,
} as const;

export const WIDGET_ERROR_CODES = ['rate_limited', 'too_long', 'invalid', 'blocked', 'unavailable'] as const;
export type WidgetErrorCode = (typeof WIDGET_ERROR_CODES)[number];

/** The texts of refused frames and closed sockets, in the visitor's words. */
export const WIDGET_ERRORS = {
  rate_limited: 'You are sending messages too quickly. Please wait a minute.',
  too_long: `Messages can be at most ${WIDGET_LIMITS.messageChars.toLocaleString('en-US')} characters.`,
  invalid: 'This message could not be sent.',
  blocked: 'Sorry, your message could not be delivered.',
  unavailable: 'The chat is not available right now.',
  tooManyConnections: 'Too many chat windows are open from your network. Please try again in a minute.',
  frameTooLarge: 'This message is too large to send.',
} as const;

/** The public, non-secret settings the widget needs to show itself. */
export type WidgetConfig = {
  /** The organization's name, shown in the panel's header. */
  name: string;
  /** `#rrggbb`: the launcher, the header and the visitor's messages. */
  color: string;
  /** The first thing the panel says. */
  greeting: string;
  /** Whether the team is in (business hours); null when the organization set none (always open). Absent from older servers. */
  hours?: WidgetHours | null;
};

/** The business hours as the widget needs them, computed by the server when the config is read. */
export type WidgetHours = {
  open: boolean;
  /** When the team next opens (epoch ms), while closed; null when open or never. */
  next_opening: number | null;
  /** When `open` next changes (epoch ms): the widget reads its config again then. Null: never. */
  changes_at: number | null;
};

/** A message as the visitor sees it: no notes, no internal fields, the agent by name only. */
export type WidgetMessage = {
  id: string;
  from: 'visitor' | 'agent';
  text: string;
  /** Epoch ms. */
  at: number;
  /** The agent's name; null for the visitor's own messages. */
  author: string | null;
  /** The widget's id for a message it sent (`send.client_id`), so it can replace its copy. */
  client_id: string | null;
};

/** What the visitor told about themselves (both optional). */
export type VisitorProfile = { name: string | null; email: string | null };

export type WidgetServerFrame =
  | { action: 'ready'; visitor: string; messages: WidgetMessage[]; profile: VisitorProfile }
  | { action: 'message'; message: WidgetMessage }
  | { action: 'sent'; client_id: string; message: WidgetMessage }
  | { action: 'profile'; profile: VisitorProfile }
  | { action: 'error'; code: WidgetErrorCode; error: string; client_id?: string };

/** The id a widget gives a message it sends: its retry after a reconnect is recognised by it. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export type VisitorSendFrame = { action: 'send'; client_id: string; text: string };
export type VisitorIdentifyFrame = { action: 'identify'; name?: string; email?: string };
export type VisitorFrame = VisitorSendFrame | VisitorIdentifyFrame;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isWidgetMessage(value: unknown): value is WidgetMessage {
  return (
    isRecord(value) &&
    isString(value.id) &&
    (value.from === 'visitor' || value.from === 'agent') &&
    isString(value.text) &&
    typeof value.at === 'number' &&
    isStringOrNull(value.author) &&
    isStringOrNull(value.client_id)
  );
}

function isProfile(value: unknown): value is VisitorProfile {
  return isRecord(value) && isStringOrNull(value.name) && isStringOrNull(value.email);
}

/** The config the server answered, checked (a colour that is not `#rrggbb` could carry CSS). */
export function parseWidgetConfig(value: unknown): WidgetConfig | null {
  if (!isRecord(value) || !isString(value.name) || !isString(value.greeting) || !isString(value.color)) return null;
  if (!/^#[0-9a-f]{6}$/i.test(value.color)) return null;
  const hours = parseWidgetHours(value.hours);
  return { name: value.name, color: value.color, greeting: value.greeting, ...(hours ? { hours } : {}) };
}

const isTimeOrNull = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value));

/** The config's business hours, or null when absent or not of their shape. */
function parseWidgetHours(value: unknown): WidgetHours | null {
  if (!isRecord(value) || typeof value.open !== 'boolean' || !isTimeOrNull(value.next_opening) || !isTimeOrNull(value.changes_at)) return null;
  return { open: value.open, next_opening: value.next_opening, changes_at: value.changes_at };
}

/**
 * Parses one frame from the server; anything that is not a frame of the shapes above is null,
 * never thrown, so the widget acts on nothing unchecked.
 */
export function parseWidgetServerFrame(text: string): WidgetServerFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  switch (value.action) {
    case 'ready':
      return isString(value.visitor) && Array.isArray(value.messages) && value.messages.every(isWidgetMessage) && isProfile(value.profile)
        ? { action: 'ready', visitor: value.visitor, messages: value.messages, profile: value.profile }
        : null;
    case 'message':
      return isWidgetMessage(value.message) ? { action: 'message', message: value.message } : null;
    case 'sent':
      return isString(value.client_id) && isWidgetMessage(value.message) ? { action: 'sent', client_id: value.client_id, message: value.message } : null;
    case 'profile':
      return isProfile(value.profile) ? { action: 'profile', profile: value.profile } : null;
    case 'error': {
      const code = WIDGET_ERROR_CODES.find((known) => known === value.code);
      if (!code || !isString(value.error)) return null;
      return isString(value.client_id) ? { action: 'error', code, error: value.error, client_id: value.client_id } : { action: 'error', code, error: value.error };
    }
    default:
      return null;
  }
}
