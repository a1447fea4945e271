/**
 * The REST API of this issue, under `/api/` (docs/architecture.md "Server"). Paths are relative to the
 * API base; the UI and the server both build them from here.
 */
import { REST_ROUTES } from './rest-routes';

export const API_BASE = '/api/';

const R = REST_ROUTES;

/** The paths the app asks for, built from the routes the server registers (rest-routes.ts). */
export const apiPaths = {
  createAccount: R.createAccount.path,
  login: R.login.path,
  clear: R.clear.path,
  lostPassword: R.lostPassword.path,
  loginLink: R.loginLink.path,
  signInWithToken: (token: string) => R.signInWithToken.build({ token }),
  changePasswordWithToken: (token: string) => R.changePasswordWithToken.build({ token }),
  validate: (token: string) => R.validate.build({ token }),
  resendValidation: R.resendValidation.path,
  invite: (token: string) => R.previewInvite.build({ token }),
  acceptInvite: (token: string) => R.acceptInvite.build({ token }),
  account: R.account.path,
  /** The agent's notifications (§7): `GET`, `PUT`; devices with `register` and `unregister`. */
  notifications: R.notifications.path,
  notificationsRegister: R.notificationsRegister.path,
  notificationsUnregister: R.notificationsUnregister.path,
  /** `POST`, no sign-in: a notification email's unsubscribe link. */
  unsubscribe: (token: string) => R.unsubscribe.build({ token }),
  agents: R.agents.path,
  agentsPending: R.agentsPending.path,
  agentInvite: (email: string) => R.agentInvite.build({ email }),
  revokeInvite: (id: number) => R.revokeInvite.build({ id }),
  agent: (email: string) => R.updateAgent.build({ email }),
  organization: R.organization.path,
  conversationStatistics: R.conversationStatistics.path,
  /** Full-text search (`?q=&limit=&cursor=`) and its per-id check (`?ids=&search=`, §7). */
  conversationSearch: R.conversationSearch.path,
  conversationMatches: R.conversationMatches.path,
  contact: (id: number) => R.contact.build({ id }),
  customDataEnabled: R.customDataEnabled.path,
  /** The rules form's dry run (issue 37). */
  ruleDryRun: R.ruleDryRun.path,
  integration: (name: string) => R.connectIntegration.build({ name }),
  integrationProperties: (name: string) => R.integrationProperties.build({ name }),
  /** Stripe's webhook for an organization (signed with the endpoint secret, not a session). */
  stripeWebhook: (slug: string) => R.stripeWebhook.build({ slug }),
  knowledgeSettings: R.knowledgeSettings.path,
  kbReport: R.kbReport.path,
  kbReportExport: R.kbReportExport.path,
  inboxReport: R.inboxReport.path,
  inboxReportExport: R.inboxReportExport.path,
  contactArticles: (id: number) => R.contactArticles.build({ id }),
  /** `?force=true` removes a tag that is in use from every conversation first. */
  tag: (slug: string, force = false) => `${R.deleteTag.build({ slug })}${force ? '?force=true' : ''}`,
  blockedContact: (contactId: number) => R.unblock.build({ contact_id: contactId }),
  /** Email channels (§7 `organization/channels/{email}/verify`); list, add and remove live beside it. */
  channels: R.channels.path,
  channel: (email: string) => R.removeChannel.build({ email }),
  verifyChannel: (email: string) => R.verifyChannel.build({ email }),
  attachments: R.uploadAttachment.path,
  attachment: (id: number) => R.attachment.build({ id }),
  /** The chat channel's widget settings (`GET`; `PUT` with channel.*). */
  chatSettings: R.chatSettings.path,
  onboardingTestEmail: R.onboardingTestEmail.path,
} as const;

/** The header carrying the client session id, generated once per browser (§7). */
export const SESSION_HEADER = 'x-client-session';
