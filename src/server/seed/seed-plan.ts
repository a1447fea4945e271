import type { Channel, ConversationStatus, MessageSource } from '../../protocol/documents';
import type { Random } from './seed-random';
import { AGENT_SIGN_OFFS, COMPANIES, FIRST_NAMES, LAST_NAMES, MAIL_PROVIDERS, TOPICS, type SeedTopic } from './seed-text';

export type PlannedContact = { name: string; email: string; company: string | null; is_trusted: boolean };

export type PlannedMessage = {
  type: 'MESSAGE' | 'NOTE';
  text: string;
  at: number;
  fromContact: boolean;
  agentId: number | null;
};

export type PlannedConversation = {
  contactIndex: number;
  channel: Channel;
  subject: string;
  status: ConversationStatus;
  agentId: number | null;
  tags: string[];
  priority: number;
  isUnread: boolean;
  createdAt: number;
  thread: PlannedMessage[];
};

const DAY_MS = 24 * 3600_000;

function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

export function planContact(random: Random, index: number): PlannedContact {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const company = random.chance(0.7) ? random.pick(COMPANIES) : null;
  const domain = company?.domain ?? random.pick(MAIL_PROVIDERS);
  return {
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${index}@${domain}`,
    company: company?.name ?? null,
    is_trusted: random.chance(0.2),
  };
}

function fill(text: string, values: { name: string; company: string; number: number }): string {
  return text.replaceAll('{name}', values.name).replaceAll('{company}', values.company).replaceAll('{number}', String(values.number));
}

/** A conversation's thread alternates customer and agent, starting with the customer; some carry a note. */
function planThread(random: Random, topic: SeedTopic, options: { length: number; createdAt: number; now: number; agentId: number; channel: Channel; values: { name: string; company: string; number: number } }): PlannedMessage[] {
  const thread: PlannedMessage[] = [];
  const step = Math.max(60_000, Math.min(8 * 3600_000, (options.now - options.createdAt) / (options.length + 2)));
  let at = options.createdAt;
  // Almost half the threads end with the customer writing again: those await a reply.
  const awaitingReply = random.chance(0.45);
  for (let i = 0; i < options.length; i++) {
    const fromContact = i % 2 === 0 || (awaitingReply && i === options.length - 1);
    let text = fill(random.pick(fromContact ? topic.customer : topic.agent), options.values);
    if (!fromContact && options.channel === 'EMAIL') text = `${text}\n\n${random.pick(AGENT_SIGN_OFFS)}\nThe support team`;
    thread.push({ type: 'MESSAGE', text, at: Math.min(at, options.now), fromContact, agentId: fromContact ? null : options.agentId });
    if (i === 0 && random.chance(0.3)) {
      thread.push({ type: 'NOTE', text: fill(random.pick(topic.notes), options.values), at: Math.min(at + 30_000, options.now), fromContact: false, agentId: options.agentId });
    }
    at += Math.round(random.between(0.3, 1) * step);
  }
  return thread;
}

export function planConversation(
  random: Random,
  options: { contact: PlannedContact; contactIndex: number; agents: readonly number[]; messages: number; now: number },
): PlannedConversation {
  const topic = random.pick(TOPICS);
  const channel: Channel = random.chance(0.8) ? 'EMAIL' : 'CHAT';
  const createdAt = Math.round(options.now - random.between(0.02, 60) * DAY_MS);
  const responder = random.pick(options.agents);
  const values = { name: options.contact.name.split(' ')[0] ?? options.contact.name, company: options.contact.company ?? 'your team', number: 1000 + random.int(90_000) };
  const thread = planThread(random, topic, { length: options.messages, createdAt, now: options.now, agentId: responder, channel, values });
  const lastFromContact = thread.filter((m) => m.type === 'MESSAGE').at(-1)?.fromContact ?? true;
  const roll = random.next();
  const status: ConversationStatus = lastFromContact ? (roll < 0.85 ? 'OPENED' : 'CLOSED') : roll < 0.5 ? 'WAITING' : roll < 0.8 ? 'CLOSED' : 'OPENED';
  const tags = [topic.tag];
  if (topic.tag !== 'urgent' && random.chance(0.08)) tags.push('urgent');
  const assigned = status === 'CLOSED' || random.chance(0.55);
  return {
    contactIndex: options.contactIndex,
    channel,
    subject: fill(random.pick(topic.subjects), values),
    status,
    agentId: assigned ? responder : null,
    tags,
    priority: tags.includes('urgent') ? 1 : 0,
    isUnread: status === 'OPENED' && lastFromContact && random.chance(0.6),
    createdAt,
    thread,
  };
}

export const SEED_TAGS = [...TOPICS.map((topic) => topic.tag), 'vip'] as const;

export function sourceOf(channel: Channel): MessageSource {
  return channel === 'CHAT' ? 'CHAT' : 'EMAIL';
}
