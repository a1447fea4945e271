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
  conversationsBulk: 'conversations/bulk',
  conversation: (id: number) => `conversations/${id}`,
  conversationMessages: (id: number) => `conversations/${id}/messages/`,
  /** `editor` is `reply` (§7 `conversations/{id}/{editor}`). */
  conversationEditor: (id: number, editor: 'reply' = 'reply') => `conversations/${id}/${editor}`,
  conversationNotes: (id: number) => `conversations/${id}/notes`,
  conversationNote: (id: number, noteId: string) => `conversations/${id}/notes/${encodeURIComponent(noteId)}`,
  conversationTags: (id: number) => `conversations/${id}/tags`,
  conversationTag: (id: number, slug: string) => `conversations/${id}/tags/${encodeURIComponent(slug)}`,
  conversationStatus: (id: number) => `conversations/${id}/status`,
  conversationAssign: (id: number) => `conversations/${id}/assign`,
  conversationRead: (id: number) => `conversations/${id}/read`,
  /** `PATCH`: save or delete one of the caller's drafts (§7). */
  conversationDrafts: (id: number) => `conversations/${id}/drafts/`,
  conversationDraftShare: (id: number) => `conversations/${id}/drafts/share`,
  undoMessage: (id: number, messageId: string) => `conversations/${id}/messages/${encodeURIComponent(messageId)}/undo`,
  /** `POST`: the sending device confirms its held reply at the end of the delay. */
  releaseMessage: (id: number, messageId: string) => `conversations/${id}/messages/${encodeURIComponent(messageId)}/release`,
  /** `POST`: a reply that was not delivered, sent again by its author. */
  retryMessage: (id: number, messageId: string) => `conversations/${id}/messages/${encodeURIComponent(messageId)}/retry`,
  conversationRecipients: (id: number) => `conversations/${id}/recipients`,
  conversationRecipient: (id: number, email: string) => `conversations/${id}/recipients/${encodeURIComponent(email)}`,
  conversationSplit: (id: number) => `conversations/${id}/split`,
  conversationSpam: (id: number) => `conversations/${id}/spam`,
  contact: (id: number) => `contacts/${id}`,
  contactMerge: (id: number) => `contacts/${id}/merge`,
  /** Billing (§7): payment-email links, a refresh from Stripe, refunds and subscription cancels. */
  contactPaymentEmail: (id: number) => `contacts/${id}/payment-email`,
  contactBillingRefresh: (id: number) => `contacts/${id}/billing/refresh`,
  contactRefund: (id: number, chargeId: string) => `contacts/${id}/refund/${encodeURIComponent(chargeId)}`,
  contactSubscription: (id: number, subId: string, query: string) => `contacts/${id}/subscriptions/${encodeURIComponent(subId)}?${query}`,
  /** Custom data (§2 `custom-data`): field definitions and values. */
  customFields: 'custom-data/',
  customField: (id: string) => `custom-data/${encodeURIComponent(id)}`,
  customDataEnabled: 'custom-data/enabled',
  contactData: (id: number) => `contacts/${id}/data`,
  conversationData: (id: number) => `conversations/${id}/data`,
  integration: (name: string) => `integrations/${encodeURIComponent(name)}`,
  integrationProperties: (name: string) => `integrations/${encodeURIComponent(name)}/properties`,
  /** Stripe's webhook for an organization (signed with the endpoint secret, not a session). */
  stripeWebhook: (slug: string) => `integrations/stripe/webhook/${encodeURIComponent(slug)}`,
  tags: 'tags/',
  snippets: 'snippets/',
  snippet: (id: string) => `snippets/${encodeURIComponent(id)}`,
  snippetCategories: (id: string) => `snippets/${encodeURIComponent(id)}/categories`,
  snippetUses: (id: string) => `snippets/${encodeURIComponent(id)}/uses`,
  categories: 'snippets/categories/',
  category: (id: string) => `snippets/categories/${encodeURIComponent(id)}`,
  categoryPosition: (id: string) => `snippets/categories/${encodeURIComponent(id)}/position`,
  knowledgeStructure: 'knowledge/structure',
  knowledgeSettings: 'knowledge/settings',
  knowledgeCollections: 'knowledge/collections/',
  knowledgeCollection: (id: string) => `knowledge/collections/${encodeURIComponent(id)}`,
  knowledgeCollectionPosition: (id: string) => `knowledge/collections/${encodeURIComponent(id)}/position`,
  knowledgeArticles: 'knowledge/articles/',
  knowledgeArticle: (id: string) => `knowledge/articles/${encodeURIComponent(id)}`,
  knowledgeArticlePublish: (id: string) => `knowledge/articles/${encodeURIComponent(id)}/publish`,
  knowledgeArticleUnpublish: (id: string) => `knowledge/articles/${encodeURIComponent(id)}/unpublish`,
  knowledgeArticleCollections: (id: string) => `knowledge/articles/${encodeURIComponent(id)}/collections`,
  knowledgeArticlePosition: (id: string) => `knowledge/articles/${encodeURIComponent(id)}/position`,
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
