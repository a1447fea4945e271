import type { ContactFinancials } from './billing/financials';
import type { CustomData, CustomField } from './custom-data/custom-fields';
import { parseCanonicalId } from './canonical-id';
import type { RuleFields } from './rules/rule-model';
import type { OrganizationHours } from './hours/hours-model';
import type { OnboardingStepDoc } from './onboarding/onboarding-steps';

/**
 * Documents of the conversation domain as they travel over REST and the stream (§3). Every
 * document carries `version`: the change-feed sequence number of its last change, so that a
 * client never lets an older copy overwrite a newer one.
 */
export const CONVERSATION_STATUSES = ['OPENED', 'WAITING', 'CLOSED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CHANNELS = ['EMAIL', 'CHAT'] as const;
export type Channel = (typeof CHANNELS)[number];

export const MESSAGE_SOURCES = ['EMAIL', 'CHAT', 'API'] as const;
/** A rule's entry in a conversation's history (a note no one typed): never a reply's source. */
export const RULE_SOURCE = 'RULE';
export type MessageSource = (typeof MESSAGE_SOURCES)[number] | typeof RULE_SOURCE;

/** PENDING: held for its delay (§4); SENT: delivered; CANCELLED: undone; RECEIVED: from the contact. */
export const MESSAGE_STATUSES = ['PENDING', 'SENT', 'CANCELLED', 'RECEIVED', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export type Recipient = { id: number; from: string; contact_id: number };

export type Conversation = {
  id: number;
  agent_id: number | null;
  contact_id: number;
  channel: Channel;
  channel_id: number | null;
  subject: string;
  status: ConversationStatus;
  /** Tag slugs. */
  tags: string[];
  recipients: Recipient[];
  /** The latest message or note, shortened, for the list. */
  last_update: string;
  last_update_ts: number;
  /** A new contact message that no agent has read yet. */
  is_unread: boolean;
  /** Higher first when ordering by priority; ties by last_update_ts, newest first. */
  priority: number;
  /**
   * Snoozed until this time (epoch ms): out of every list but those asking for `is:snoozed`,
   * back when the time comes or the customer writes (the server clears it). Absent from copies
   * stored by builds before it, which is the same as null.
   */
  snoozed_until?: number | null;
  created_at: number;
  version: number;
  /** The conversation's custom data (§1): values by field key. Copies from builds before it have none. */
  custom_data?: CustomData;
};

export type Attachment = { name: string; size: number; type: string; url: string };

/** A message (`m-<n>`) or a note (`n-<n>`). */
export type Message = {
  id: string;
  conversation_id: number;
  type: 'MESSAGE' | 'NOTE';
  message: string;
  timestamp: string;
  timestamp_ts: number;
  attachments: Attachment[];
  status: MessageStatus;
  source: MessageSource;
  /** Seconds the send is held (§4: default 10; chat 0). */
  delay: number;
  /** When the held send goes out (epoch ms); null once delivered or for received messages. */
  deliver_at: number | null;
  agent_id: number | null;
  contact_id: number | null;
  /** The client's id for an optimistic message, so the client can replace its temporary copy. */
  target_id: string | null;
  /**
   * Email only: the body as sanitised HTML (no script, event handlers, forms, frames or styles
   * that load anything; remote images kept in `data-src` until the agent asks). `message` holds
   * the plain text. Absent on copies saved before email channels existed.
   */
  html?: string | null;
  /** Mail written by a machine (auto-reply, bounce, bulk): shown as such and never answered automatically. */
  auto_kind?: AutoKind | null;
  /** Why delivery failed (status FAILED) or is being retried; null otherwise. */
  delivery_error?: string | null;
  /** An email reply's own copies (beyond the conversation's recipients); absent or null without any. */
  cc?: string[] | null;
  bcc?: string[] | null;
  /** A note's @mentioned teammates (agent ids); absent without any. */
  mentions?: number[];
  version: number;
};

/**
 * AUTO_REPLY: RFC 3834 Auto-Submitted or an empty return path (out of office, "we got your
 * message"); BOUNCE: an RFC 3464 delivery report; BULK: Precedence bulk/junk/list or a list mail.
 */
export const AUTO_KINDS = ['AUTO_REPLY', 'BOUNCE', 'BULK'] as const;
export type AutoKind = (typeof AUTO_KINDS)[number];

export type Contact = {
  id: number;
  name: string;
  email: string | null;
  avatar: string | null;
  is_trusted: boolean;
  company: string | null;
  /** On the organization's blocked list (marked as spam with "block"). Copies saved before it existed lack it. */
  is_blocked?: boolean;
  version: number;
  /** The billing view from Stripe (§3), cached on the server; absent or null until first read. */
  financials?: ContactFinancials | null;
  /** The latest subscription's status (`active`, `canceled`, …) and start (epoch ms), or null. */
  subscription_status?: string | null;
  subscription_start?: number | null;
  /** The contact's custom data (§1): values by field key. Copies from builds before it have none. */
  custom_data?: CustomData;
};

/**
 * A tag (§3). `color` (`#rrggbb`) is chosen on the Tags page; without one a name led by an emoji
 * takes the emoji's colour (§1, §9), else a hue from the name. Copies from builds before it have none.
 */
export type Tag = { slug: string; name: string; is_system: boolean; color?: string | null; version: number };

/**
 * A reply or note being written (§3 conversation drafts: a replies list and a note). Drafts
 * belong to the agent who writes them and reach only that agent's devices, plus the teammates
 * it was shared with (`shared_with`). `id` is chosen by the client, so a draft can be saved
 * offline before the server has seen it (see src/protocol/drafts.ts for its form).
 */
export type Draft = {
  /** `d-<agent id>-<key>`: the writer's id in it keeps two agents' drafts from ever colliding. */
  id: string;
  conversation_id: number;
  /** Who writes it. */
  agent_id: number;
  type: 'REPLY' | 'NOTE';
  message: string;
  /** Teammates (agent ids) this draft was shared with; they see it, read-only, in the conversation. */
  shared_with: number[];
  /** When its text or type last changed (epoch ms). */
  updated_at: number;
  /** A reply draft's own copies (CC, BCC), present when it has any. */
  cc?: string[];
  bcc?: string[];
  version: number;
};

/** A snippet category (§3: id, name, sort, parent_id): a node of the snippet library's tree. */
export type SnippetCategory = { id: string; name: string; parent_id: string | null; sort: number; version: number };

/**
 * A saved reply (§3 Snippet): its body is a template (src/protocol/snippets/snippet-template.ts),
 * in any number of categories. Usage (how often, when last) lets stale ones be found.
 */
export type Snippet = {
  id: string;
  name: string;
  /** Typed after `#` in the composer to find it first; null when it has none. */
  shortcut: string | null;
  body: string;
  categories: string[];
  use_count: number;
  last_used_at: number | null;
  updated_at: number;
  version: number;
};

/**
 * A knowledge base collection (§3: parent_id, sort, slug, icon): a node of the help center's
 * tree, nested to any depth. Its id is the client's, so it can be made and moved offline.
 */
export type KnowledgeCollection = {
  id: string;
  name: string;
  description: string;
  parent_id: string | null;
  sort: number;
  /** Unique in the organization; the public page is `collections/{slug}`. */
  slug: string;
  /** An emoji or a short symbol shown beside the name; null for none. */
  icon: string | null;
  version: number;
};

/** Where an article sits in one collection (§3 `collections` of an article: collection_id, sort). */
export type ArticlePlacement = { collection_id: string; sort: number };

/** An edit that arrived after another agent had changed or published the article: kept, not lost. */
export type ArticleConflict = { title: string; content: string; agent_id: number | null; at: number };

/**
 * A knowledge base article (§3: title, content, slug, published, url, updated_at, collections).
 * `title` and `content` are the working draft (autosaved); the public page shows what was last
 * published (`published_title`, `published_content`), so drafting never changes the live page.
 */
export type Article = {
  id: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  description: string;
  slug: string;
  published: boolean;
  published_title: string | null;
  published_content: string | null;
  published_at: number | null;
  /** The public page's path on this server (`/help/{org}/articles/{slug}`); null while unpublished. */
  url: string | null;
  collections: ArticlePlacement[];
  conflict: ArticleConflict | null;
  /** Who last changed the text, and when (epoch ms). */
  updated_by: number | null;
  updated_at: number;
  version: number;
};

/**
 * A rule (§2 `rules`; src/protocol/rules/rule-model.ts): its fields as the form edits them, its
 * place in the organization's order (`position`, lowest first) and who last saved it.
 */
export type Rule = RuleFields & { id: string; position: number; updated_by: number | null; updated_at: number; version: number };

/** Collections of the stream (`col`) and the documents they carry. */
export type Collections = {
  conversations: Conversation;
  messages: Message;
  contacts: Contact;
  tags: Tag;
  /** Private: the stream sends a draft only to its writer and the teammates it is shared with. */
  drafts: Draft;
  snippet_categories: SnippetCategory;
  snippets: Snippet;
  collections: KnowledgeCollection;
  articles: Article;
  /** The organization's custom data fields (§2 `custom-data`). */
  custom_fields: CustomField;
  /** The organization's rules, in order (§2 `rules`). */
  rules: Rule;
  /** The organization's business hours (§3 organization `hours`): one document, id `hours`. */
  business_hours: BusinessHoursDocument;
  /** The onboarding checklist's recorded steps (§3 organization `onboarding`, §9). */
  onboarding_steps: OnboardingStepDoc;
};
/** Each collection's key, audience and order: src/protocol/collections.ts. */
export type CollectionName = keyof Collections;

/** The id of the organization's one business hours document. */
export const BUSINESS_HOURS_ID = 'hours';

/** The organization's business hours as synced: null hours means none set (always open). */
export type BusinessHoursDocument = {
  id: typeof BUSINESS_HOURS_ID;
  /** With the country's public holidays as dates (hours-model.ts ScheduleHours). */
  hours: (OrganizationHours & { public_holidays?: readonly string[] }) | null;
  /** Who saved them last and when; null before anyone did. */
  updated_by: number | null;
  updated_at: number | null;
  version: number;
};

/** `GET conversations/status` (§3 Statistics). */
export type ConversationStatistics = {
  /** Unread conversations per inbox key (`default` is the default inbox, §9). */
  statistics: Record<string, number>;
  /** When the organization's first conversation arrived, or null. */
  first_conversation: number | null;
  /**
   * Median seconds from a conversation's creation to an agent's first reading of it, over the
   * conversations created in the last 30 days; null without `?complete=true` or when none was read.
   */
  reading_time: number | null;
};

export function isMessageId(id: string): boolean {
  return id.startsWith('m-');
}

export function isNoteId(id: string): boolean {
  return id.startsWith('n-');
}

/** The wire id of a message (`m-<n>`) or a note (`n-<n>`) stored with row id n. */
export function messageWireId(type: Message['type'], rowId: number): string {
  return `${type === 'NOTE' ? 'n' : 'm'}-${rowId}`;
}

/** The type and row id of a wire id, or null for anything that is not `m-<n>` or `n-<n>`. */
export function parseMessageWireId(id: string): { type: Message['type']; rowId: number } | null {
  const type = id.startsWith('m-') ? 'MESSAGE' : id.startsWith('n-') ? 'NOTE' : null;
  const rowId = type === null ? null : parseCanonicalId(id.slice(2));
  return type === null || rowId === null ? null : { type, rowId };
}

/** What a `delete` message carries: only the key of the removed document. */
export type DeletedDocument = { id: string };
