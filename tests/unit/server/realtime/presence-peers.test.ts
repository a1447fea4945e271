import { describe, expect, it } from 'vitest';
import { createPresencePeers, type PresenceState } from '../../../../src/server/realtime/presence-peers';
import { presenceRelayMessage, statePayloads } from '../../../../src/server/realtime/presence-relay-messages';

const view = (conversation_id: number | null, at: number, typing = false) => ({ conversation_id, typing, at });

describe('presence of other instances', () => {
  it("an agent's views on several instances are all kept, and dropping one instance leaves the other's", () => {
    const peers = createPresencePeers();
    peers.setAgent('a', 1, 7, view(10, 100), 0);
    peers.setAgent('b', 1, 7, view(11, 200, true), 0);
    expect(peers.agentViews(1, 7)).toEqual([view(10, 100), view(11, 200, true)]);
    expect(peers.agentViews(2, 7)).toEqual([]);
    expect(peers.drop('b')).toEqual([{ org: 1, kind: 'agent', id: 7 }]);
    expect(peers.agentViews(1, 7)).toEqual([view(10, 100)]);
    peers.setAgent('a', 1, 7, null, 0);
    expect(peers.agentViews(1, 7)).toEqual([]);
  });

  it("a full state replaces the instance's previous one and names every key either one held", () => {
    const peers = createPresencePeers();
    peers.setAgent('a', 1, 7, view(null, 0), 0);
    peers.setContact('a', 1, 40, true, 0);
    const keys = peers.replace('a', { agents: [{ org: 1, agent: 8, view: view(3, 5) }], contacts: [] }, 10);
    expect(keys).toEqual([
      { org: 1, kind: 'agent', id: 7 },
      { org: 1, kind: 'contact', id: 40 },
      { org: 1, kind: 'agent', id: 8 },
    ]);
    expect(peers.agentViews(1, 7)).toEqual([]);
    expect(peers.hasContact(1, 40)).toBe(false);
    expect(peers.agentViews(1, 8)).toEqual([view(3, 5)]);
  });

  it('instances not heard from since the cut-off are dropped with everything they reported; heard ones stay', () => {
    const peers = createPresencePeers();
    peers.setAgent('quiet', 1, 7, view(null, 0), 1_000);
    peers.setContact('quiet', 1, 40, true, 1_000);
    peers.setAgent('talking', 1, 8, view(null, 0), 1_000);
    peers.heard('talking', 2_500);
    expect(peers.expire(2_000)).toEqual([
      { org: 1, kind: 'agent', id: 7 },
      { org: 1, kind: 'contact', id: 40 },
    ]);
    expect(peers.agentViews(1, 7)).toEqual([]);
    expect(peers.hasContact(1, 40)).toBe(false);
    expect(peers.agentViews(1, 8)).toHaveLength(1);
    expect(peers.expire(2_000)).toEqual([]);
  });
});

describe('state payloads between instances', () => {
  it('a large state is split into valid payloads under the 8000-byte NOTIFY limit that add up to it', () => {
    const big = 2 ** 31 - 1;
    const state: PresenceState = {
      agents: Array.from({ length: 1_500 }, (_, i) => ({ org: big - i, agent: big - i, view: view(big, 1.7e12 + i, i % 2 === 0) })),
      contacts: Array.from({ length: 1_500 }, (_, i) => ({ org: big, contact: big - i })),
    };
    const payloads = statePayloads('instance-1', 4, state);
    expect(payloads.length).toBeGreaterThan(1);
    const parts = payloads.map((payload) => {
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
      const parsed = presenceRelayMessage.parse(JSON.parse(payload));
      if (parsed.kind !== 'state') throw new Error('not a state part');
      return parsed;
    });
    expect(parts.map((part) => [part.round, part.part, part.parts])).toEqual(parts.map((_, i) => [4, i, payloads.length]));
    expect(parts.flatMap((part) => part.agents)).toEqual(state.agents);
    expect(parts.flatMap((part) => part.contacts)).toEqual(state.contacts);
  });

  it('an empty state is still one part, so it clears what the instance reported before', () => {
    const payloads = statePayloads('instance-1', 0, { agents: [], contacts: [] });
    expect(payloads.map((payload) => JSON.parse(payload) as unknown)).toEqual([
      { kind: 'state', from: 'instance-1', round: 0, part: 0, parts: 1, agents: [], contacts: [] },
    ]);
  });
});
