import { z } from 'zod';
import type { PresenceState } from './presence-peers';

/**
 * What instances tell each other about presence on PRESENCE_CHANNEL (presence-relay.ts). Every
 * message names its sender (`from`, a random id per process start):
 *
 *   hello    I (re)started or my listener reconnected: everyone, send me your state
 *   state    my whole state, in `parts` notifications sent in one transaction (a payload is at
 *            most 8000 bytes); sent in answer to a hello and as the heartbeat
 *   agent    an agent's view on my sockets changed (view null: no longer live here)
 *   contact  a contact went live or left on my sockets
 *   bye      I stop: forget what I reported
 */
const id = z.number().int().positive();
const from = z.string().min(1).max(64);
const view = z.object({ conversation_id: id.nullable(), typing: z.boolean(), at: z.number().finite() });
const agentPresence = z.object({ org: id, agent: id, view });
const contactPresence = z.object({ org: id, contact: id });

export const presenceRelayMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello'), from }),
  z.object({ kind: z.literal('bye'), from }),
  z.object({
    kind: z.literal('state'),
    from,
    round: z.number().int().nonnegative(),
    part: z.number().int().nonnegative(),
    parts: z.number().int().positive(),
    agents: z.array(agentPresence),
    contacts: z.array(contactPresence),
  }),
  z.object({ kind: z.literal('agent'), from, org: id, agent: id, view: view.nullable() }),
  z.object({ kind: z.literal('contact'), from, org: id, contact: id, live: z.boolean() }),
]);

export type PresenceRelayMessage = z.infer<typeof presenceRelayMessage>;

/** Below PostgreSQL's 8000-byte NOTIFY payload, with room for the part's own fields. */
const PART_BYTES = 7000;

/**
 * The payloads of one `state` round: entries are added to a part until the next would take it
 * over PART_BYTES; an empty state is one empty part, so it still replaces an older one.
 */
export function statePayloads(sender: string, round: number, state: PresenceState): string[] {
  type Part = { agents: PresenceState['agents']; contacts: PresenceState['contacts']; bytes: number };
  const parts: Part[] = [{ agents: [], contacts: [], bytes: 0 }];
  const add = (size: number, put: (part: Part) => void) => {
    let part = parts[parts.length - 1] as Part;
    if (part.bytes + size > PART_BYTES && part.bytes > 0) {
      part = { agents: [], contacts: [], bytes: 0 };
      parts.push(part);
    }
    part.bytes += size + 1;
    put(part);
  };
  for (const agent of state.agents) add(JSON.stringify(agent).length, (part) => part.agents.push(agent));
  for (const contact of state.contacts) add(JSON.stringify(contact).length, (part) => part.contacts.push(contact));
  return parts.map(({ agents, contacts }, part) =>
    JSON.stringify({ kind: 'state', from: sender, round, part, parts: parts.length, agents, contacts } satisfies PresenceRelayMessage),
  );
}
