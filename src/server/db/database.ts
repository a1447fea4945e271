import type { Generated, Kysely, Selectable } from 'kysely';
import type { ChannelVerification } from '../../protocol/api/channels';
import type { AutoKind, Channel, ConversationStatus, Message, MessageSource, MessageStatus } from '../../protocol/documents';
import type { DraftType } from '../../protocol/drafts';
import type {
  NotificationsTable,
  NotificationUnsubscribesTable,
  PushSubscriptionsTable,
  ServerKeysTable,
} from '../notifications/notification-tables';
import type { KnowledgeTables } from '../knowledge/knowledge-database';

/**
 * The tables as SQL sees them, on both SQLite and PostgreSQL: times are epoch milliseconds
 * (bigint), flags are integers 0/1 (see sql-boolean.ts) and structured values are JSON text.
 */
export interface Database extends KnowledgeTables {
  organizations: OrganizationsTable;
  agents: AgentsTable;
  agent_invites: AgentInvitesTable;
  auth_tokens: AuthTokensTable;
  contacts: ContactsTable;
  tags: TagsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  drafts: DraftsTable;
  draft_shares: DraftSharesTable;
  changes: ChangesTable;
  mutations: MutationsTable;
  jobs: JobsTable;
  channels: ChannelsTable;
  email_domains: EmailDomainsTable;
  email_message_ids: EmailMessageIdsTable;
  attachments: AttachmentsTable;
  blocked_contacts: BlockedContactsTable;
  chat_settings: ChatSettingsTable;
  chat_visitors: ChatVisitorsTable;
  rate_limits: RateLimitsTable;
  snippet_categories: SnippetCategoriesTable;
  snippets: SnippetsTable;
  push_subscriptions: PushSubscriptionsTable;
  notifications: NotificationsTable;
  notification_unsubscribes: NotificationUnsubscribesTable;
  server_keys: ServerKeysTable;
  integrations: IntegrationsTable;
  contact_payment_links: ContactPaymentLinksTable;
  custom_fields: CustomFieldsTable;
}

export type Db = Kysely<Database>;

export interface OrganizationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  is_premium: number;
  trial_ends_at: number | null;
  onboarding: string;
  hours: string | null;
  is_custom_data_enabled: number;
  /** The organization's last feed position taken (changes.org_seq); see write-transaction.ts. */
  feed_seq: Generated<number>;
  created_at: number;
}

export interface AgentsTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  name: string;
  avatar: string | null;
  roles: string;
  is_owner: number;
  is_removed: number;
  dark_mode: number | null;
  custom_inboxes: string;
  notifications: string;
  /** AgentPreferences as JSON (0012); `{}` until the agent changes one. */
  preferences: Generated<string>;
  password_hash: string;
  email_validated_at: number | null;
  created_at: number;
  /** Added under the agent's email replies ('' for none). */
  signature: Generated<string>;
  /** 0018: when the agent's last notification digest was mailed. */
  notification_digest_at: Generated<number | null>;
}

export interface AgentInvitesTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  roles: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

/** `device`: the device cookie of a browser that signed in (device-cookie.ts); it opens nothing. */
export const TOKEN_KINDS = ['session', 'reset', 'login', 'validate', 'device'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface AuthTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: TokenKind;
  agent_id: number;
  org_id: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
  last_used_at: number | null;
}

/**
 * Documents of the sync engine carry `version`: the org_seq of the change-feed row that wrote them
 * last (see realtime/write-transaction.ts).
 */
export interface ContactsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  email: string | null;
  avatar: string | null;
  is_trusted: number;
  company: string | null;
  /** 1 while the contact is on blocked_contacts (kept in step in the same transaction). */
  is_blocked: Generated<number>;
  created_at: number;
  version: number;
  /** The cached billing view (JSON ContactFinancials), refreshed from Stripe; null until first read. */
  financials: string | null;
  subscription_status: string | null;
  subscription_start: number | null;
  /** JSON object of custom data values by field key (custom-data/), or null. */
  custom_data: string | null;
}

export interface TagsTable {
  org_id: number;
  slug: string;
  name: string;
  is_system: number;
  /** 0013: `#rrggbb` chosen on the Tags page, else null. */
  color: string | null;
  created_at: number;
  version: number;
}

export interface SnippetCategoriesTable {
  org_id: number;
  id: string;
  name: string;
  parent_id: string | null;
  sort: number;
  created_at: number;
  version: number;
}

export interface SnippetsTable {
  org_id: number;
  id: string;
  name: string;
  shortcut: string | null;
  body: string;
  /** JSON list of category ids. */
  categories: string;
  use_count: number;
  last_used_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  org_id: number;
  agent_id: number | null;
  contact_id: number;
  channel: Channel;
  channel_id: number | null;
  subject: string;
  status: ConversationStatus;
  /** JSON array of tag slugs. */
  tags: string;
  /** JSON array of recipients. */
  recipients: string;
  last_update: string;
  last_update_ts: number;
  is_unread: number;
  priority: number;
  /** 0013: epoch ms while snoozed, else null. */
  snoozed_until: number | null;
  /** 0016: the conversation this one was merged into (it is then gone from every listing), else null. */
  merged_into: number | null;
  created_at: number;
  version: number;
  /** JSON object of custom data values by field key (custom-data/), or null. */
  custom_data: Generated<string | null>;
}

/** Messages and notes in one table; the wire id is `m-<id>` or `n-<id>` after `type`. */
export interface MessagesTable {
  id: Generated<number>;
  org_id: number;
  conversation_id: number;
  type: Message['type'];
  message: string;
  timestamp_ts: number;
  /** JSON array of attachments. */
  attachments: string;
  status: MessageStatus;
  source: MessageSource;
  delay: number;
  deliver_at: number | null;
  agent_id: number | null;
  contact_id: number | null;
  target_id: string | null;
  is_removed: number;
  created_at: number;
  version: number;
  /** Email: the sanitised HTML body (channels/sanitize-email-html.ts). */
  html: string | null;
  auto_kind: AutoKind | null;
  delivery_error: string | null;
  /** An email reply's own CC and BCC addresses: JSON arrays, null without any. */
  cc: string | null;
  bcc: string | null;
  /** 0018: a note's @mentioned agent ids (JSON list), null without any. */
  mentions: Generated<string | null>;
}

/** A draft (§3); `id` is the client's (`d-<agent id>-…`), unique within the organization. */
export interface DraftsTable {
  org_id: number;
  id: string;
  agent_id: number;
  conversation_id: number;
  type: DraftType;
  message: string;
  /** JSON lists of addresses, null when none (migration 0023). */
  cc: string | null;
  bcc: string | null;
  updated_at: number;
  created_at: number;
  version: number;
}

/** A teammate a draft is shared with. */
export interface DraftSharesTable {
  org_id: number;
  draft_id: string;
  agent_id: number;
  created_at: number;
}

export const CHANGE_ACTIONS = ['insert', 'update', 'delete'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** The change feed: one row per document write, in commit order per organization. */
export interface ChangesTable {
  /** Internal key, one counter for every organization: never shown to a client (issue 34). */
  seq: Generated<number>;
  org_id: number;
  /** The row's position in its organization's feed: the cursor and version clients see. */
  org_seq: number;
  col: string;
  doc_id: string;
  action: ChangeAction;
  /** JSON of the document as written (its version is this org_seq); `{id}` for a delete. */
  doc: string;
  mutation_id: string | null;
  /** null: every agent of the organization; else only this agent. */
  audience: number | null;
  created_at: number;
}

/** The first answer to each idempotent mutation (client session id + mutation id). */
export interface MutationsTable {
  id: Generated<number>;
  org_id: number;
  session_id: string;
  mutation_id: string;
  status: 'applied' | 'failed';
  status_code: number;
  /** JSON of the answer's body; null for a bodiless answer (204). */
  result: string | null;
  created_at: number;
  /** The agent that sent it, and the SHA-256 of its request; null on rows stored before either was kept. */
  agent_id: number | null;
  fingerprint: string | null;
}

/** Durable background work (transactional outbox), claimed with a lease. */
export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  kind: string;
  ref: string;
  run_at: number;
  locked_until: number | null;
  attempts: number;
  done_at: number | null;
  cancelled_at: number | null;
  last_error: string | null;
  created_at: number;
}

/** The organization's blocked list (§1): contacts marked as spam with "block". */
export interface BlockedContactsTable {
  id: Generated<number>;
  org_id: number;
  contact_id: number;
  /** The contact's address when blocked (lowercase), so inbound mail can be matched by sender. */
  email: string | null;
  blocked_by: number | null;
  created_at: number;
}

/**
 * An organization's support address (email channel). Several organizations may have added the
 * same address; mail is routed to, and sent from, the one whose organization proved the domain
 * (email_domains.verification VERIFIED, which one organization per domain at most holds).
 */
export interface ChannelsTable {
  id: Generated<number>;
  org_id: number;
  /** Lowercase; unique within the organization. */
  email: string;
  /** Lowercase domain of the address; its proof and verification are the organization's email_domains row. */
  domain: string;
  created_at: number;
}

/**
 * A domain an organization sends and receives for: its own challenge token and DKIM key pair,
 * and the outcome of the last DNS check, shared by its channels on the domain. Unique per
 * organization and domain; VERIFIED for at most one organization per domain (a partial unique
 * index), which is what "the domain belongs to the organization that proved it" means.
 */
export interface EmailDomainsTable {
  id: Generated<number>;
  org_id: number;
  domain: string;
  /** The value of `_inbox-challenge.<domain>` TXT `inbox-verification=<token>`; random, per organization and domain. */
  challenge_token: string;
  /** Base64 SubjectPublicKeyInfo, the p= of the DKIM record. */
  dkim_public_key: string;
  /** PKCS#8 PEM, sealed with EMAIL_DKIM_KEY_SECRET when set (dkim-keys.ts). Never leaves the server. */
  dkim_private_key: string;
  verification: ChannelVerification;
  /** When the running DNS check started; null when none runs (a stale one counts as none). */
  verifying_since: number | null;
  checked_at: number | null;
  /** JSON array of DnsRecordCheck from the last check. */
  checks: string;
  created_at: number;
}

/**
 * RFC 5322 Message-IDs (without angle brackets) of the mail of a conversation, ours (OUT, sent
 * by the delivery job) and the customers' (IN), for threading replies by In-Reply-To/References.
 */
export interface EmailMessageIdsTable {
  id: Generated<number>;
  org_id: number;
  message_id: string;
  conversation_id: number;
  /** The messages row, or null once that is gone. */
  message_row_id: number | null;
  direction: 'IN' | 'OUT';
  created_at: number;
}

/** A file of a message; the bytes live under DATA_DIR, named by their SHA-256 (shared by equal files). */
export interface AttachmentsTable {
  id: Generated<number>;
  org_id: number;
  /** The messages row it belongs to. */
  message_row_id: number | null;
  sha256: string;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
}

/** An organization's chat widget settings (no row: the defaults, widget off). */
export interface ChatSettingsTable {
  org_id: number;
  enabled: number;
  /** `#rrggbb`. */
  color: string;
  greeting: string;
  updated_at: number;
}

/** Someone chatting through the website widget, known by the hash of the token their browser keeps. */
export interface ChatVisitorsTable {
  id: Generated<number>;
  org_id: number;
  token_hash: string;
  /** The contact made at their first message; null before it. */
  contact_id: number | null;
  /** What they said about themselves, kept until the contact exists. */
  name: string | null;
  email: string | null;
  created_at: number;
  last_seen_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_ends_at: number;
  count: number;
}

/** An organization as the app reads it: its feed counter is the change feed's alone (change-feed.ts). */
export type OrganizationRow = Omit<Selectable<OrganizationsTable>, 'feed_seq'>;
export type AgentRow = Selectable<AgentsTable>;
export type AgentInviteRow = Selectable<AgentInvitesTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type ContactRow = Selectable<ContactsTable>;
export type TagRow = Selectable<TagsTable>;
export type SnippetCategoryRow = Selectable<SnippetCategoriesTable>;
export type SnippetRow = Selectable<SnippetsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type DraftRow = Selectable<DraftsTable>;
export type ChangeRow = Selectable<ChangesTable>;
export type MutationRow = Selectable<MutationsTable>;
export type JobRow = Selectable<JobsTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type EmailDomainRow = Selectable<EmailDomainsTable>;
export type EmailMessageIdRow = Selectable<EmailMessageIdsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type BlockedContactRow = Selectable<BlockedContactsTable>;
export type ChatSettingsRow = Selectable<ChatSettingsTable>;
export type ChatVisitorRow = Selectable<ChatVisitorsTable>;

/** An organization's connected integration (Stripe): its secrets sealed (integrations/secret-box.ts). */
export interface IntegrationsTable {
  org_id: number;
  name: string;
  api_key: string;
  webhook_secret: string | null;
  /** What the page shows of the key: its kind and last four characters (`rk_live_…abcd`). */
  key_hint: string;
  connected_by: number | null;
  connected_at: number;
  /** The text of the last failed call to the service, cleared by the next success. */
  last_error: string | null;
}
export type IntegrationRow = Selectable<IntegrationsTable>;

/** A payment email an agent confirmed for a contact (§4): who and when. */
export interface ContactPaymentLinksTable {
  org_id: number;
  contact_id: number;
  source: string;
  email: string;
  confirmed_by: number | null;
  confirmed_at: number;
}
export type ContactPaymentLinkRow = Selectable<ContactPaymentLinksTable>;

/** A custom data field of an organization (custom-data/). */
export interface CustomFieldsTable {
  org_id: number;
  id: string;
  entity: string;
  key: string;
  label: string;
  type: string;
  options: string;
  required: number;
  min: number | null;
  max: number | null;
  sort: number;
  created_at: number;
  version: number;
}
export type CustomFieldRow = Selectable<CustomFieldsTable>;
