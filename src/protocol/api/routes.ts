/**
 * The REST API of this issue, under `/api/` (docs/architecture.md "Server"). Paths are relative to the
 * API base; the UI and the server both build them from here.
 */
export const API_BASE = '/api/';

export const apiPaths = {
  createAccount: 'auth/create',
  login: 'auth/login',
  clear: 'auth/clear',
  lostPassword: 'auth/lost-password',
  loginLink: 'auth/login-link',
  signInWithToken: (token: string) => `auth/token/${encodeURIComponent(token)}`,
  changePasswordWithToken: (token: string) => `auth/token/${encodeURIComponent(token)}/change-password`,
  validate: (token: string) => `auth/validate/${encodeURIComponent(token)}`,
  resendValidation: 'account/validate',
  invite: (token: string) => `invites/${encodeURIComponent(token)}`,
  acceptInvite: (token: string) => `invites/${encodeURIComponent(token)}/accept`,
  account: 'account/',
  /** The agent's notifications (§7): `GET`, `PUT`; devices with `register` and `unregister`. */
  notifications: 'account/notifications',
  notificationsRegister: 'account/notifications/register',
  notificationsUnregister: 'account/notifications/unregister',
  /** `POST`, no sign-in: a notification email's unsubscribe link. */
  unsubscribe: (token: string) => `notifications/unsubscribe/${encodeURIComponent(token)}`,
  agents: 'agents/',
  agentsPending: 'agents/pending',
  agentInvite: (email: string) => `agents/invite/${encodeURIComponent(email)}`,
  revokeInvite: (id: number) => `agents/pending/${id}`,
  agent: (email: string) => `agents/${encodeURIComponent(email)}`,
  organization: 'organization/',
  conversations: 'conversations/',
  conversationStatistics: 'conversations/status',
  /** Full-text search (`?q=&limit=&cursor=`) and its per-id check (`?ids=&search=`, §7). */
  conversationSearch: 'conversations/search',
  conversationMatches: 'conversations/matches',
  contact: (id: number) => `contacts/${id}`,
  customDataEnabled: 'custom-data/enabled',
  integration: (name: string) => `integrations/${encodeURIComponent(name)}`,
  integrationProperties: (name: string) => `integrations/${encodeURIComponent(name)}/properties`,
  /** Stripe's webhook for an organization (signed with the endpoint secret, not a session). */
  stripeWebhook: (slug: string) => `integrations/stripe/webhook/${encodeURIComponent(slug)}`,
  tags: 'tags/',
  snippets: 'snippets/',
  knowledgeStructure: 'knowledge/structure',
  knowledgeSettings: 'knowledge/settings',
  kbReport: 'reporting/kb',
  contactArticles: (id: number) => `contacts/${id}/articles`,
  /** `?force=true` removes a tag that is in use from every conversation first. */
  tag: (slug: string, force = false) => `tags/${encodeURIComponent(slug)}${force ? '?force=true' : ''}`,
  blocked: 'blocked/',
  blockedContact: (contactId: number) => `blocked/${contactId}`,
  /** Email channels (§7 `organization/channels/{email}/verify`); list, add and remove live beside it. */
  channels: 'organization/channels',
  channel: (email: string) => `organization/channels/${encodeURIComponent(email)}`,
  verifyChannel: (email: string) => `organization/channels/${encodeURIComponent(email)}/verify`,
  /** A raw message forwarded by a mail provider's webhook (INBOUND_SECRET_HEADER, not a session). */
  inboundEmail: 'channels/inbound',
  attachments: 'attachments/',
  attachment: (id: number) => `attachments/${id}`,
  /** The chat channel's widget settings (`GET`; `PUT` with channel.*). */
  chatSettings: 'organization/chat',
} as const;

/** The header carrying the client session id, generated once per browser (§7). */
export const SESSION_HEADER = 'x-client-session';
