import type { ConversationStatus } from '../../protocol/documents';
import type { ConversationFilter } from '../screens/conversation-filter';
import { conversationViewPath } from '../screens/conversation-filter';
import type { Command } from './commands/command';
import { shownKeys } from './commands/command';
import { COMMANDS } from './commands/command-registry';
import { CLOSE_MATCH, fuzzyScore } from './fuzzy-score';
import type { PaletteScope } from './palette-state';

export type PaletteCommand =
  | { type: 'assign'; agentId: number | null }
  | { type: 'status'; status: ConversationStatus }
  | { type: 'tag'; name: string }
  | { type: 'scope'; scope: PaletteScope }
  | { type: 'navigate'; to: string }
  /** Into the open conversation: its composer's snippet picker. */
  | { type: 'insert-snippet' }
  | { type: 'insert-article' };

export type PaletteGroup = 'Actions' | 'Go to' | 'Inboxes' | 'Conversations' | 'Tags' | 'Teammates';

export type PaletteItem = {
  id: string;
  group: PaletteGroup;
  label: string;
  /** Shown dimmed after the label (an email, a contact, a shortcut's key). */
  hint?: string;
  /** Matched too, not shown. */
  keywords?: string;
  /** The keys that do the same, as written (`mod` for ⌘/Ctrl), shown on the right. */
  shortcut?: readonly string[];
  command: PaletteCommand;
  /** Only offered once something is typed (the long lists: conversations, tags, teammates). */
  searchOnly?: boolean;
  /** Always offered in its scope, after the matches ("Create tag '…'"). */
  always?: boolean;
};

export type PaletteTarget = { id: number; status: ConversationStatus; agent_id: number | null; tags: readonly string[] };

export type PaletteData = {
  slug: string;
  myId: number;
  filter: ConversationFilter;
  canSeeTeam: boolean;
  /** The open conversation, or the one selected in the list: what the actions act on. */
  target: PaletteTarget | null;
  /** A conversation is open, with its composer (what "Insert snippet" needs). */
  composerOpen?: boolean;
  conversations: readonly { id: number; subject: string; contact: string }[];
  tags: readonly { slug: string; name: string }[];
  teammates: readonly { id: number; name: string; email: string }[];
};

/** The commands of a scope, unranked. */
export function paletteItems(scope: PaletteScope, data: PaletteData, query: string, commands: readonly Command[] = COMMANDS): PaletteItem[] {
  if (scope === 'assign') return assignOptions(data);
  if (scope === 'tag') return tagOptions(data, query);
  return [...commandItems(data, commands), ...searchItems(data)];
}

/** The registered commands the palette offers now, in the registry's order, with their keys. */
function commandItems(data: PaletteData, commands: readonly Command[]): PaletteItem[] {
  return commands.flatMap((command) => {
    const entry = command.palette;
    if (!entry || (entry.when && !entry.when(data))) return [];
    const label = typeof entry.label === 'function' ? entry.label(data) : (entry.label ?? command.label);
    const item: PaletteItem = { id: command.id, group: entry.group, label, command: typeof entry.does === 'function' ? entry.does(data) : entry.does };
    const keys = shownKeys(command);
    if (entry.keywords !== undefined) item.keywords = entry.keywords;
    if (keys.length > 0) item.shortcut = keys;
    return [item];
  });
}

function searchItems(data: PaletteData): PaletteItem[] {
  const { target, conversations, slug, filter } = data;
  const items: PaletteItem[] = conversations.map((c) => ({
    id: `conversation-${c.id}`,
    group: 'Conversations',
    label: c.subject || '(no subject)',
    hint: `${c.contact} · #${c.id}`,
    keywords: `${c.contact} #${c.id}`,
    command: { type: 'navigate', to: conversationViewPath(slug, c.id, filter) },
    searchOnly: true,
  }));
  if (!target) return items;
  for (const tag of data.tags) {
    if (target.tags.includes(tag.slug)) continue;
    items.push({ id: `tag-${tag.slug}`, group: 'Tags', label: `Add tag “${tag.name}”`, keywords: tag.name, command: { type: 'tag', name: tag.name }, searchOnly: true });
  }
  for (const mate of data.teammates) {
    if (mate.id === target.agent_id) continue;
    const label = `Assign to ${mate.id === data.myId ? 'me' : mate.name}`;
    items.push({ id: `assign-${mate.id}`, group: 'Teammates', label, hint: mate.email, keywords: mate.name, command: { type: 'assign', agentId: mate.id }, searchOnly: true });
  }
  return items;
}

function assignOptions({ teammates, myId, target }: PaletteData): PaletteItem[] {
  const items = teammates.map<PaletteItem>((mate) => ({
    id: `assign-${mate.id}`,
    group: 'Teammates',
    label: mate.id === myId ? `${mate.name} (you)` : mate.name,
    hint: mate.id === target?.agent_id ? 'Assigned' : mate.email,
    keywords: mate.email,
    command: { type: 'assign', agentId: mate.id },
  }));
  if (target && target.agent_id !== null) items.push({ id: 'unassign', group: 'Teammates', label: 'Unassign', keywords: 'nobody none', command: { type: 'assign', agentId: null } });
  return items;
}

function tagOptions({ tags, target }: PaletteData, query: string): PaletteItem[] {
  const present = new Set(target?.tags ?? []);
  const items = tags
    .filter((tag) => !present.has(tag.slug))
    .map<PaletteItem>((tag) => ({ id: `tag-${tag.slug}`, group: 'Tags', label: tag.name, command: { type: 'tag', name: tag.name } }));
  const typed = query.trim();
  const exists = tags.some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
  if (typed && !exists) {
    items.push({ id: 'tag-create', group: 'Tags', label: `Create tag “${typed}”`, command: { type: 'tag', name: typed }, always: true });
  }
  return items;
}

export type RankedItem = PaletteItem & { positions: number[] };
export type PaletteSection = { group: PaletteGroup; items: RankedItem[] };

const GROUP_LIMIT = 8;

/**
 * The items to show for a query, in sections. Without a query: the short lists in their own
 * order. With one: the fuzzy matches, best first, each group capped, groups ordered by their
 * best match. A command-like query (one a command matches closely: at a word start or as a run)
 * lists the commands before the conversations, tags and teammates it also matches. Two items
 * that do the same (the action "Assign to me" and the teammate "Assign to me") are listed once,
 * where the better ranked stands.
 */
export function rankItems(items: readonly PaletteItem[], query: string): PaletteSection[] {
  const typed = query.trim();
  const scored: { item: RankedItem; score: number }[] = [];
  for (const item of items) {
    if (item.always) continue;
    if (!typed) {
      if (!item.searchOnly) scored.push({ item: { ...item, positions: [] }, score: 0 });
      continue;
    }
    const onLabel = fuzzyScore(typed, item.label);
    const onKeywords = item.keywords ? fuzzyScore(typed, item.keywords) : null;
    const best = onLabel && (!onKeywords || onLabel.score >= onKeywords.score - 5) ? onLabel : onKeywords ? { score: onKeywords.score - 5, positions: [] } : null;
    if (best) scored.push({ item: { ...item, positions: best === onLabel ? best.positions : [] }, score: best.score });
  }
  const commandLike = scored.some(({ item, score }) => !item.searchOnly && score >= CLOSE_MATCH);
  const rank = ({ item, score }: { item: PaletteItem; score: number }) => score + (commandLike && !item.searchOnly ? 10_000 : 0);
  if (typed) scored.sort((a, b) => rank(b) - rank(a));
  const sections = new Map<PaletteGroup, RankedItem[]>();
  const seen = new Set<string>();
  for (const { item } of scored) {
    const does = commandKey(item.command);
    if (seen.has(does)) continue;
    seen.add(does);
    const list = sections.get(item.group) ?? [];
    if (list.length < GROUP_LIMIT) list.push(item);
    sections.set(item.group, list);
  }
  for (const item of items) {
    if (!item.always) continue;
    const list = sections.get(item.group) ?? [];
    list.push({ ...item, positions: [] });
    sections.set(item.group, list);
  }
  return [...sections].map(([group, list]) => ({ group, items: list }));
}

/** What a command does, as a key: two items with the same key are the same choice. */
export function commandKey(command: PaletteCommand): string {
  switch (command.type) {
    case 'assign':
      return `assign:${command.agentId ?? 'nobody'}`;
    case 'status':
      return `status:${command.status}`;
    case 'tag':
      return `tag:${command.name.toLowerCase()}`;
    case 'scope':
      return `scope:${command.scope}`;
    case 'navigate':
      return `navigate:${command.to}`;
    default:
      return command.type;
  }
}

/** The sections' items in the order the arrow keys walk them. */
export function flattenSections(sections: readonly PaletteSection[]): RankedItem[] {
  return sections.flatMap((section) => section.items);
}
