import { combineViews, NOT_VIEWING, normalizeView, presenceMessage, sameView, viewingMessage } from '../../protocol/presence';
import type { TimedView, ViewState } from '../../protocol/presence';
import type { ServerMessage } from '../../protocol/realtime';
import type { StreamClient } from './stream-hub';
import { sendFrame } from './stream-socket';

/**
 * Who is live and what they view (§4), per organization, in this process's memory. An agent is
 * live while at least one of its sockets is joined (after its READY); its view combines the views
 * of its sockets (combineViews: the latest reported conversation wins). Every change of an
 * agent's live flag or combined view goes to the organization's sockets of other agents; a
 * joining socket first gets the current presence of the others. A contact (a chat visitor) is
 * live while one of its widget sockets is open (src/server/chat); every agent hears of it.
 *
 * Presence is per instance: with several instances on one PostgreSQL, an agent sees the
 * presence of teammates connected to the same instance (docs/decisions.md).
 */
export type PresenceHub = {
  /** The socket is up to date (READY sent): it gets the others' presence and counts as live. */
  join(client: StreamClient, view: ViewState): void;
  /** The socket reported a new view (a `viewing` frame). Ignored before join. */
  view(client: StreamClient, view: ViewState): void;
  /** The socket closed. */
  leave(client: StreamClient): void;
  /** Live agents of an organization and what they view (tests, diagnostics). */
  snapshot(orgId: number): { id: number; view: ViewState }[];
  /**
   * A contact opened a chat widget socket: live (told to the organization's agents) while at
   * least one is open. Agents' clients keep the flag CONTACT_LIVE_GRACE_MS after `left`.
   */
  contactJoin(orgId: number, contactId: number): void;
  contactLeave(orgId: number, contactId: number): void;
};

type AgentEntry = { sockets: Map<StreamClient, TimedView>; view: ViewState };
type OrgPresence = Map<number, AgentEntry>;

export function createPresenceHub(): PresenceHub {
  const orgs = new Map<number, OrgPresence>();
  /** Open widget sockets per live contact, per organization. */
  const contacts = new Map<number, Map<number, number>>();
  // Orders reports across sockets; a counter, because two reports can share a millisecond.
  let reports = 0;

  const broadcast = (org: OrgPresence, aboutAgent: number, message: ServerMessage) => {
    const text = JSON.stringify(message);
    for (const [agentId, entry] of org) {
      if (agentId === aboutAgent) continue;
      for (const socket of entry.sockets.keys()) sendFrame(socket.socket, text);
    }
  };

  /** Recomputes the agent's combined view and tells the others when it changed. */
  const refresh = (org: OrgPresence, agentId: number, entry: AgentEntry) => {
    const next = combineViews(entry.sockets.values());
    if (sameView(next, entry.view)) return;
    entry.view = next;
    broadcast(org, agentId, viewingMessage([{ id: agentId, view: next }]));
  };

  const broadcastToAgents = (orgId: number, message: ServerMessage) => {
    const org = orgs.get(orgId);
    if (!org) return;
    const text = JSON.stringify(message);
    for (const entry of org.values()) for (const socket of entry.sockets.keys()) sendFrame(socket.socket, text);
  };

  const sendSnapshot = (org: OrgPresence, client: StreamClient) => {
    const liveContacts = [...(contacts.get(client.orgId)?.keys() ?? [])];
    if (liveContacts.length > 0) sendFrame(client.socket, JSON.stringify(presenceMessage('live', 'contact', liveContacts)));
    const others = [...org].filter(([agentId]) => agentId !== client.agentId);
    if (others.length === 0) return;
    sendFrame(client.socket, JSON.stringify(presenceMessage('live', 'agent', others.map(([agentId]) => agentId))));
    const viewing = others.filter(([, entry]) => entry.view.conversation_id !== null).map(([agentId, entry]) => ({ id: agentId, view: entry.view }));
    if (viewing.length > 0) sendFrame(client.socket, JSON.stringify(viewingMessage(viewing)));
  };

  return {
    join(client, view) {
      let org = orgs.get(client.orgId);
      if (!org) {
        org = new Map();
        orgs.set(client.orgId, org);
      }
      sendSnapshot(org, client);
      let entry = org.get(client.agentId);
      if (!entry) {
        entry = { sockets: new Map(), view: NOT_VIEWING };
        org.set(client.agentId, entry);
        broadcast(org, client.agentId, presenceMessage('live', 'agent', [client.agentId]));
      }
      entry.sockets.set(client, { ...normalizeView(view), at: ++reports });
      refresh(org, client.agentId, entry);
    },
    view(client, view) {
      const org = orgs.get(client.orgId);
      const entry = org?.get(client.agentId);
      if (!org || !entry?.sockets.has(client)) return;
      entry.sockets.set(client, { ...normalizeView(view), at: ++reports });
      refresh(org, client.agentId, entry);
    },
    leave(client) {
      const org = orgs.get(client.orgId);
      const entry = org?.get(client.agentId);
      if (!org || !entry?.sockets.delete(client)) return;
      if (entry.sockets.size > 0) {
        refresh(org, client.agentId, entry);
        return;
      }
      org.delete(client.agentId);
      if (org.size === 0) orgs.delete(client.orgId);
      else broadcast(org, client.agentId, presenceMessage('left', 'agent', [client.agentId]));
    },
    snapshot(orgId) {
      return [...(orgs.get(orgId) ?? [])].map(([agentId, entry]) => ({ id: agentId, view: entry.view }));
    },
    contactJoin(orgId, contactId) {
      let live = contacts.get(orgId);
      if (!live) {
        live = new Map();
        contacts.set(orgId, live);
      }
      const count = live.get(contactId) ?? 0;
      live.set(contactId, count + 1);
      if (count === 0) broadcastToAgents(orgId, presenceMessage('live', 'contact', [contactId]));
    },
    contactLeave(orgId, contactId) {
      const live = contacts.get(orgId);
      const count = live?.get(contactId);
      if (!live || count === undefined) return;
      if (count > 1) {
        live.set(contactId, count - 1);
        return;
      }
      live.delete(contactId);
      if (live.size === 0) contacts.delete(orgId);
      broadcastToAgents(orgId, presenceMessage('left', 'contact', [contactId]));
    },
  };
}
