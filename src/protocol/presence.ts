import { z } from 'zod';
import type { PresenceAction, ServerMessage } from './realtime';

/**
 * Live presence (§4, §7: "agent and contact live and left; viewing"). The server keeps it in
 * memory and sends it over /stream only; it never enters the change feed. Wire shapes:
 *
 *   {action: 'live' | 'left', col: 'agents' | 'contacts', document: {id}}  (or documents: [{id}, …])
 *   {action: 'viewing', col: 'agents', document: {id, conversation_id, typing}}
 *
 * A new socket gets the current presence as one `live` message and one `viewing` message with
 * `documents` right after READY.
 */

/** What an agent views: one conversation at a time (null: none), and whether it writes a reply there. */
export type ViewState = { conversation_id: number | null; typing: boolean };

export const NOT_VIEWING: ViewState = { conversation_id: null, typing: false };

export type PresenceKind = 'agent' | 'contact';

const COL_OF_KIND = { agent: 'agents', contact: 'contacts' } as const;

export type PresenceEvent =
  | { action: 'live' | 'left'; kind: PresenceKind; id: number }
  | { action: 'viewing'; kind: 'agent'; id: number; view: ViewState };

const id = z.number().int().positive();
const idDocument = z.object({ id });
const viewingDocument = z.object({ id, conversation_id: id.nullable(), typing: z.boolean() });

/** A conversation-less view is never typing. */
export function normalizeView(view: ViewState): ViewState {
  return view.conversation_id === null ? NOT_VIEWING : { conversation_id: view.conversation_id, typing: view.typing };
}

export function sameView(a: ViewState, b: ViewState): boolean {
  return a.conversation_id === b.conversation_id && a.typing === b.typing;
}

/** A view with the moment (any increasing number) it was last reported. */
export type TimedView = ViewState & { at: number };

/**
 * One agent's view from several places (tabs of a browser, sockets of several devices): the most
 * recently reported view of a conversation wins, so the agent views one conversation at a time;
 * a place that views nothing does not hide a conversation still open elsewhere.
 */
export function combineViews(views: Iterable<TimedView>): ViewState {
  const latest = latestView(views);
  return latest ? normalizeView(latest) : NOT_VIEWING;
}

/** The most recently reported view of a conversation, with its moment (null: none views one). */
export function latestView(views: Iterable<TimedView>): TimedView | null {
  let best: TimedView | null = null;
  for (const view of views) {
    if (view.conversation_id === null) continue;
    if (!best || view.at > best.at) best = view;
  }
  return best;
}

/** The server message for agents or contacts going live or leaving. */
export function presenceMessage(action: 'live' | 'left', kind: PresenceKind, ids: readonly number[]): ServerMessage {
  const documents = ids.map((one) => ({ id: one }));
  return documents.length === 1 ? { action, col: COL_OF_KIND[kind], document: documents[0] } : { action, col: COL_OF_KIND[kind], documents };
}

/** The server message for what agents view. */
export function viewingMessage(views: readonly { id: number; view: ViewState }[]): ServerMessage {
  const documents = views.map(({ id: agentId, view }) => ({ id: agentId, ...normalizeView(view) }));
  return documents.length === 1 ? { action: 'viewing', col: 'agents', document: documents[0] } : { action: 'viewing', col: 'agents', documents };
}

const PRESENCE: ReadonlySet<string> = new Set<PresenceAction>(['live', 'left', 'viewing']);

export function isPresenceMessage(message: ServerMessage): boolean {
  return PRESENCE.has(message.action);
}

/**
 * The presence facts of a server message (empty for one that is not presence). Documents that
 * do not have the expected shape are skipped, never thrown.
 */
export function presenceEventsOf(message: ServerMessage): PresenceEvent[] {
  if (!isPresenceMessage(message)) return [];
  const kind: PresenceKind | null = message.col === 'agents' ? 'agent' : message.col === 'contacts' ? 'contact' : null;
  if (kind === null) return [];
  const documents = message.documents ?? (message.document ? [message.document] : []);
  const events: PresenceEvent[] = [];
  for (const document of documents) {
    if (message.action === 'viewing') {
      const parsed = viewingDocument.safeParse(document);
      if (parsed.success && kind === 'agent') {
        const { id: agentId, ...view } = parsed.data;
        events.push({ action: 'viewing', kind, id: agentId, view: normalizeView(view) });
      }
    } else if (message.action === 'live' || message.action === 'left') {
      const parsed = idDocument.safeParse(document);
      if (parsed.success) events.push({ action: message.action, kind, id: parsed.data.id });
    }
  }
  return events;
}
