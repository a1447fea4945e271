import { route } from './route';

const ACCOUNT = 'account/';
const NOTIFICATIONS = 'account/notifications';
const AGENT = 'agents/:email';
const INTEGRATION = 'integrations/:name';
const AUTH_TOKEN = 'auth/token/:token';
const CHANNELS = 'organization/channels';
const CHAT_SETTINGS = 'organization/chat';
const KNOWLEDGE_SETTINGS = 'knowledge/settings';
const ORGANIZATION = 'organization/';

/**
 * The REST calls of §7 that are not mutations (those carry their route on their protocol entry,
 * src/protocol/mutations/): one route per method and path. The server registers each from here
 * (src/server/http/protocol-route.ts) and the app's paths (`apiPaths`, routes.ts) are built
 * from the same objects, so a renamed path or parameter fails the typecheck on both sides.
 */
export const REST_ROUTES = {
  createAccount: route('POST', 'auth/create'),
  login: route('POST', 'auth/login'),
  clear: route('POST', 'auth/clear'),
  lostPassword: route('POST', 'auth/lost-password'),
  loginLink: route('POST', 'auth/login-link'),
  previewToken: route('GET', AUTH_TOKEN),
  signInWithToken: route('POST', AUTH_TOKEN),
  changePasswordWithToken: route('POST', 'auth/token/:token/change-password'),
  validate: route('POST', 'auth/validate/:token'),
  previewInvite: route('GET', 'invites/:token'),
  acceptInvite: route('POST', 'invites/:token/accept'),
  account: route('GET', ACCOUNT),
  updateAccount: route('PATCH', ACCOUNT),
  resendValidation: route('POST', 'account/validate'),
  notifications: route('GET', NOTIFICATIONS),
  updateNotifications: route('PUT', NOTIFICATIONS),
  notificationsRegister: route('POST', 'account/notifications/register'),
  notificationsUnregister: route('POST', 'account/notifications/unregister'),
  /** No sign-in: a notification email's unsubscribe link. */
  unsubscribe: route('POST', 'notifications/unsubscribe/:token'),
  agents: route('GET', 'agents/'),
  updateAgent: route('PATCH', AGENT),
  removeAgent: route('DELETE', AGENT),
  agentsPending: route('GET', 'agents/pending'),
  agentInvite: route('POST', 'agents/invite/:email'),
  revokeInvite: route('DELETE', 'agents/pending/:id'),
  organization: route('GET', ORGANIZATION),
  updateOrganization: route('PATCH', ORGANIZATION),
  conversations: route('GET', 'conversations/'),
  conversationStatistics: route('GET', 'conversations/status'),
  conversation: route('GET', 'conversations/:id'),
  conversationMessages: route('GET', 'conversations/:id/messages/'),
  /** Full-text search (`?q=&limit=&cursor=`) and its per-id check (`?ids=&search=`, §7). */
  conversationSearch: route('GET', 'conversations/search'),
  conversationMatches: route('GET', 'conversations/matches'),
  contact: route('GET', 'contacts/:id'),
  contactArticles: route('GET', 'contacts/:id/articles'),
  customDataEnabled: route('PUT', 'custom-data/enabled'),
  integrationProperties: route('GET', 'integrations/:name/properties'),
  connectIntegration: route('PUT', INTEGRATION),
  disconnectIntegration: route('DELETE', INTEGRATION),
  tags: route('GET', 'tags/'),
  /** `?force=true` removes a tag that is in use from every conversation first. */
  deleteTag: route('DELETE', 'tags/:slug'),
  snippets: route('GET', 'snippets/'),
  knowledgeStructure: route('GET', 'knowledge/structure'),
  knowledgeSettings: route('GET', KNOWLEDGE_SETTINGS),
  updateKnowledgeSettings: route('PUT', KNOWLEDGE_SETTINGS),
  kbReport: route('GET', 'reporting/kb'),
  /** The KB report's article table as CSV (`text/csv`), same query. */
  kbReportExport: route('GET', 'reporting/kb/export'),
  /** The inbox report (issue 38, reporting-requests.ts), `?from=&to=&…`. */
  inboxReport: route('GET', 'reporting/inbox'),
  /** Its conversations as CSV, one row each (`text/csv`), same query. */
  inboxReportExport: route('GET', 'reporting/inbox/export'),
  blocked: route('GET', 'blocked/'),
  unblock: route('DELETE', 'blocked/:contact_id'),
  /** Email channels (§7 `organization/channels/{email}/verify`). */
  channels: route('GET', CHANNELS),
  addChannel: route('POST', CHANNELS),
  removeChannel: route('DELETE', 'organization/channels/:email'),
  verifyChannel: route('GET', 'organization/channels/:email/verify'),
  attachment: route('GET', 'attachments/:id'),
  /** The file as the raw body (its own Content-Type), `?name=`. */
  uploadAttachment: route('POST', 'attachments/'),
  /** A raw message forwarded by a mail provider's webhook (INBOUND_SECRET_HEADER, not a session). */
  inboundEmail: route('POST', 'channels/inbound'),
  /** Stripe's webhook for an organization (signed with the endpoint secret, not a session). */
  stripeWebhook: route('POST', 'integrations/stripe/webhook/:slug'),
  /** The chat channel's widget settings. */
  chatSettings: route('GET', CHAT_SETTINGS),
  updateChatSettings: route('PUT', CHAT_SETTINGS),
  /** The onboarding checklist's "Send me a test email": a real email over the server's inbound path. */
  onboardingTestEmail: route('POST', 'organization/onboarding/test-email'),
  // Rules (issue 37): the list and the form's dry run.
  rules: route('GET', 'rules/'),
  ruleDryRun: route('POST', 'rules/dry-run'),
} as const;
