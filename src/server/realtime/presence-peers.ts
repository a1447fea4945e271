import type { TimedView } from '../../protocol/presence';

/** An agent live on one instance, and its view there (a conversation-less view never wins). */
export type AgentPresence = { org: number; agent: number; view: TimedView };
export type ContactPresence = { org: number; contact: number };
/** Everything one instance's own sockets make live. */
export type PresenceState = { agents: AgentPresence[]; contacts: ContactPresence[] };
/** One agent or contact whose merged presence may have changed. */
export type PresenceKey = { org: number; kind: 'agent' | 'contact'; id: number };

type Instance = { heardAt: number; agents: Map<string, AgentPresence>; contacts: Map<string, ContactPresence> };

/**
 * What the other server instances report of their own sockets, by instance id. Pure state: the
 * relay (presence-relay.ts) feeds it and says when; every change answers the keys it touched, so
 * the hub can tell its sockets what changed. An instance not heard from for a while is dropped
 * with everything it reported (it crashed or lost the database).
 */
export type PresencePeers = {
  /** The instance's whole state, replacing what it reported before. */
  replace(from: string, state: PresenceState, now: number): PresenceKey[];
  /** An agent's view on that instance; null: no longer live there. */
  setAgent(from: string, org: number, agent: number, view: TimedView | null, now: number): PresenceKey[];
  setContact(from: string, org: number, contact: number, live: boolean, now: number): PresenceKey[];
  /** Anything at all arrived from the instance: it is alive. */
  heard(from: string, now: number): void;
  /** The instance stopped (or is presumed dead): forget it. */
  drop(from: string): PresenceKey[];
  /** Drops every instance last heard before `heardBefore`. */
  expire(heardBefore: number): PresenceKey[];
  /** The agent's views on other instances (empty: live on none). */
  agentViews(org: number, agent: number): TimedView[];
  hasContact(org: number, contact: number): boolean;
};

const keyOf = (org: number, id: number) => `${org}:${id}`;

export function createPresencePeers(): PresencePeers {
  const instances = new Map<string, Instance>();

  const instance = (from: string, now: number): Instance => {
    let found = instances.get(from);
    if (!found) {
      found = { heardAt: now, agents: new Map(), contacts: new Map() };
      instances.set(from, found);
    }
    found.heardAt = now;
    return found;
  };

  const keysOf = (entry: Instance): PresenceKey[] => [
    ...[...entry.agents.values()].map(({ org, agent }): PresenceKey => ({ org, kind: 'agent', id: agent })),
    ...[...entry.contacts.values()].map(({ org, contact }): PresenceKey => ({ org, kind: 'contact', id: contact })),
  ];

  const drop = (from: string): PresenceKey[] => {
    const entry = instances.get(from);
    if (!entry) return [];
    instances.delete(from);
    return keysOf(entry);
  };

  return {
    replace(from, state, now) {
      const before = drop(from);
      const entry = instance(from, now);
      for (const presence of state.agents) entry.agents.set(keyOf(presence.org, presence.agent), presence);
      for (const presence of state.contacts) entry.contacts.set(keyOf(presence.org, presence.contact), presence);
      return [...before, ...keysOf(entry)];
    },
    setAgent(from, org, agent, view, now) {
      const entry = instance(from, now);
      if (view) entry.agents.set(keyOf(org, agent), { org, agent, view });
      else entry.agents.delete(keyOf(org, agent));
      return [{ org, kind: 'agent', id: agent }];
    },
    setContact(from, org, contact, live, now) {
      const entry = instance(from, now);
      if (live) entry.contacts.set(keyOf(org, contact), { org, contact });
      else entry.contacts.delete(keyOf(org, contact));
      return [{ org, kind: 'contact', id: contact }];
    },
    heard(from, now) {
      instance(from, now);
    },
    drop,
    expire(heardBefore) {
      const silent = [...instances].filter(([, entry]) => entry.heardAt < heardBefore).map(([from]) => from);
      return silent.flatMap(drop);
    },
    agentViews(org, agent) {
      const views: TimedView[] = [];
      for (const entry of instances.values()) {
        const found = entry.agents.get(keyOf(org, agent));
        if (found) views.push(found.view);
      }
      return views;
    },
    hasContact(org, contact) {
      for (const entry of instances.values()) if (entry.contacts.has(keyOf(org, contact))) return true;
      return false;
    },
  };
}
