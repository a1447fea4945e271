import { combineViews, latestView, NOT_VIEWING, normalizeView, presenceMessage, sameView, viewingMessage } from '../../protocol/presence';
import type { TimedView, ViewState } from '../../protocol/presence';
import type { ServerMessage } from '../../protocol/realtime';
import type { Clock } from '../clock';
import { createPresencePeers, type PresenceKey, type PresencePeers, type PresenceState } from './presence-peers';
import type { StreamClient } from './stream-hub';
import { sendFrame } from './stream-socket';

/**
 * Who is live and what they view (§4), per organization. An agent is live while at least one of
 * its sockets is joined (after its READY), on this instance or another; its view combines the
 * views of all its sockets (combineViews: the latest reported conversation wins). Every change
 * of an agent's live flag or combined view goes to this instance's sockets of the organization's
 * other agents; a joining socket first gets the current presence of the others. A contact (a
 * chat visitor) is live while one of its widget sockets is open anywhere; every agent hears of it.
 *
 * This instance's sockets are held here; what other instances' sockets make live comes from
 * `peers` (fed by presence-relay.ts over PostgreSQL), and every change of this instance's own
 * presence goes out through `publish`. On SQLite there is one instance and nothing to relay.
 */
export type PresenceHub = {
  /** The socket is up to date (READY sent): it gets the others' presence and counts as live. */
  join(client: StreamClient, view: ViewState): void;
  /** The socket reported a new view (a `viewing` frame). Ignored before join. */
  view(client: StreamClient, view: ViewState): void;
  /** The socket closed. */
  leave(client: StreamClient): void;
  /** Live agents of an organization and what they view, on every instance (tests, diagnostics). */
  snapshot(orgId: number): { id: number; view: ViewState }[];
  /**
   * A contact opened a chat widget socket: live (told to the organization's agents) while at
   * least one is open. Agents' clients keep the flag CONTACT_LIVE_GRACE_MS after `left`.
   */
  contactJoin(orgId: number, contactId: number): void;
  contactLeave(orgId: number, contactId: number): void;
  /** What this instance's own sockets make live, for the other instances. */
  localState(): PresenceState;
  /** `peers` changed for these keys: tell this instance's sockets what that changes. */
  settle(keys: readonly PresenceKey[]): void;
};

/** A change of this instance's own presence, for the other instances (null view: not live here). */
export type LocalPresenceChange =
  | { kind: 'agent'; org: number; agent: number; view: TimedView | null }
  | { kind: 'contact'; org: number; contact: number; live: boolean };

type AgentEntry = { sockets: Map<StreamClient, TimedView>; lastAt: number };
/** What this instance's sockets of one organization have been told: live agents with their view, live contacts. */
type Told = { agents: Map<number, ViewState>; contacts: Set<number> };

/** An agent's view across this instance's sockets, with the moment it was reported (0: views nothing). */
const localView = (entry: AgentEntry): TimedView => latestView(entry.sockets.values()) ?? { ...NOT_VIEWING, at: 0 };

const sameTimedView = (a: TimedView | undefined, b: TimedView | undefined) =>
  a === undefined || b === undefined ? a === b : sameView(a, b) && a.at === b.at;

export function createPresenceHub(options: { clock: Clock; peers?: PresencePeers; publish?: (change: LocalPresenceChange) => void }): PresenceHub {
  const { clock, peers = createPresencePeers(), publish = () => undefined } = options;
  const agents = new Map<number, Map<number, AgentEntry>>();
  /** Open widget sockets per live contact, per organization. */
  const contacts = new Map<number, Map<number, number>>();
  const told = new Map<number, Told>();
  /** The last local view published per `org:agent`, so only changes go out. */
  const published = new Map<string, TimedView>();

  const toldOf = (orgId: number): Told => {
    let found = told.get(orgId);
    if (!found) {
      found = { agents: new Map(), contacts: new Set() };
      told.set(orgId, found);
    }
    return found;
  };
  const forgetIfEmpty = (orgId: number) => {
    const found = told.get(orgId);
    if (found && found.agents.size === 0 && found.contacts.size === 0) told.delete(orgId);
  };

  /** To this instance's sockets of the organization, except those of `exceptAgent`. */
  const broadcast = (orgId: number, exceptAgent: number | null, message: ServerMessage) => {
    const text = JSON.stringify(message);
    for (const [agentId, entry] of agents.get(orgId) ?? []) {
      if (agentId === exceptAgent) continue;
      for (const socket of entry.sockets.keys()) sendFrame(socket.socket, text);
    }
  };

  /**
   * A moment for a report, ordering the reports of one agent: its views are compared with each
   * other only, across this instance's sockets and the other instances' reports (wall clock).
   */
  const stamp = (entry: AgentEntry, view: ViewState): TimedView => {
    entry.lastAt = Math.max(clock(), entry.lastAt + 1);
    return { ...normalizeView(view), at: entry.lastAt };
  };

  const publishAgent = (orgId: number, agentId: number) => {
    const entry = agents.get(orgId)?.get(agentId);
    const key = `${orgId}:${agentId}`;
    const view = entry ? localView(entry) : undefined;
    if (sameTimedView(published.get(key), view)) return;
    if (view) published.set(key, view);
    else published.delete(key);
    publish({ kind: 'agent', org: orgId, agent: agentId, view: view ?? null });
  };

  /** Compares the agent's merged presence with what the sockets were told, and tells them the difference. */
  const settleAgent = (orgId: number, agentId: number) => {
    const local = agents.get(orgId)?.get(agentId);
    const remote = peers.agentViews(orgId, agentId);
    const state = toldOf(orgId);
    const before = state.agents.get(agentId);
    if (!local && remote.length === 0) {
      if (before) {
        state.agents.delete(agentId);
        broadcast(orgId, agentId, presenceMessage('left', 'agent', [agentId]));
      }
      forgetIfEmpty(orgId);
      return;
    }
    if (!before) broadcast(orgId, agentId, presenceMessage('live', 'agent', [agentId]));
    const view = combineViews([...(local?.sockets.values() ?? []), ...remote]);
    state.agents.set(agentId, view);
    if (!sameView(view, before ?? NOT_VIEWING)) broadcast(orgId, agentId, viewingMessage([{ id: agentId, view }]));
  };

  const settleContact = (orgId: number, contactId: number) => {
    const live = (contacts.get(orgId)?.has(contactId) ?? false) || peers.hasContact(orgId, contactId);
    const state = toldOf(orgId);
    if (live === state.contacts.has(contactId)) {
      forgetIfEmpty(orgId);
      return;
    }
    if (live) state.contacts.add(contactId);
    else state.contacts.delete(contactId);
    broadcast(orgId, null, presenceMessage(live ? 'live' : 'left', 'contact', [contactId]));
    forgetIfEmpty(orgId);
  };

  const changed = (orgId: number, agentId: number) => {
    settleAgent(orgId, agentId);
    publishAgent(orgId, agentId);
  };

  const sendSnapshot = (client: StreamClient) => {
    const state = told.get(client.orgId);
    if (!state) return;
    if (state.contacts.size > 0) sendFrame(client.socket, JSON.stringify(presenceMessage('live', 'contact', [...state.contacts])));
    const others = [...state.agents].filter(([agentId]) => agentId !== client.agentId);
    if (others.length === 0) return;
    sendFrame(client.socket, JSON.stringify(presenceMessage('live', 'agent', others.map(([agentId]) => agentId))));
    const viewing = others.filter(([, view]) => view.conversation_id !== null).map(([agentId, view]) => ({ id: agentId, view }));
    if (viewing.length > 0) sendFrame(client.socket, JSON.stringify(viewingMessage(viewing)));
  };

  return {
    join(client, view) {
      sendSnapshot(client);
      let org = agents.get(client.orgId);
      if (!org) {
        org = new Map();
        agents.set(client.orgId, org);
      }
      let entry = org.get(client.agentId);
      if (!entry) {
        entry = { sockets: new Map(), lastAt: 0 };
        org.set(client.agentId, entry);
      }
      entry.sockets.set(client, stamp(entry, view));
      changed(client.orgId, client.agentId);
    },
    view(client, view) {
      const entry = agents.get(client.orgId)?.get(client.agentId);
      if (!entry?.sockets.has(client)) return;
      entry.sockets.set(client, stamp(entry, view));
      changed(client.orgId, client.agentId);
    },
    leave(client) {
      const org = agents.get(client.orgId);
      const entry = org?.get(client.agentId);
      if (!org || !entry?.sockets.delete(client)) return;
      if (entry.sockets.size === 0) org.delete(client.agentId);
      if (org.size === 0) agents.delete(client.orgId);
      changed(client.orgId, client.agentId);
    },
    snapshot(orgId) {
      return [...(told.get(orgId)?.agents ?? [])].map(([id, view]) => ({ id, view }));
    },
    contactJoin(orgId, contactId) {
      let live = contacts.get(orgId);
      if (!live) {
        live = new Map();
        contacts.set(orgId, live);
      }
      const count = live.get(contactId) ?? 0;
      live.set(contactId, count + 1);
      if (count > 0) return;
      settleContact(orgId, contactId);
      publish({ kind: 'contact', org: orgId, contact: contactId, live: true });
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
      settleContact(orgId, contactId);
      publish({ kind: 'contact', org: orgId, contact: contactId, live: false });
    },
    localState() {
      const state: PresenceState = { agents: [], contacts: [] };
      for (const [org, entries] of agents) {
        for (const [agent, entry] of entries) state.agents.push({ org, agent, view: localView(entry) });
      }
      for (const [org, live] of contacts) for (const contact of live.keys()) state.contacts.push({ org, contact });
      return state;
    },
    settle(keys) {
      for (const key of keys) {
        if (key.kind === 'agent') settleAgent(key.org, key.id);
        else settleContact(key.org, key.id);
      }
    },
  };
}
