import type { ComponentType } from 'react';
import { PAGE_PERMISSIONS } from '../../protocol/roles';

export type ScreenRoute = {
  /** Public routes: from the root. The others: under /:domain, which requires a stored token. */
  path: string;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Needs no sign-in (§2 "routes can be marked as not requiring authentication"). */
  public?: true;
  /** §6: the permission the page requires; without it the page shows a no-access state. */
  permission?: string;
};

/** Every screen of the app. Redirect-only routes (/, /auth, shortcuts) live in build-routes. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: 'create', public: true, title: 'Create an account', load: () => import('../screens/auth/CreateScreen') },
  { path: 'auth/login', public: true, title: 'Sign in', load: () => import('../screens/auth/LoginScreen') },
  {
    path: 'auth/lost-password',
    public: true,
    title: 'Reset your password',
    load: () => import('../screens/auth/LostPasswordScreen'),
  },
  { path: 'auth/token/:token', public: true, title: 'Sign in', load: () => import('../screens/auth/TokenSignInScreen') },
  {
    path: 'auth/token/:token/change-password',
    public: true,
    title: 'Choose a new password',
    load: () => import('../screens/auth/ChangePasswordScreen'),
  },
  { path: 'validate/:token', public: true, title: 'Confirm your email', load: () => import('../screens/auth/ValidateScreen') },
  { path: 'invite/:token', public: true, title: 'Join your team', load: () => import('../screens/auth/InviteScreen') },
  { path: 'unsubscribe/:token', public: true, title: 'Unsubscribe', load: () => import('../screens/notifications/UnsubscribeScreen') },

  { path: 'bonjour', title: 'Welcome', load: () => import('../screens/BonjourScreen') },
  { path: 'onboarding', title: 'Getting started', load: () => import('../screens/onboarding/OnboardingScreen') },
  { path: 'conversations', title: 'Conversations', load: () => import('../screens/ConversationsScreen') },
  // The same screen as `conversations`: the list stays mounted beside the open conversation.
  { path: 'conversations/view/:id', title: 'Conversation', load: () => import('../screens/ConversationsScreen') },
  { path: 'conversations/new', title: 'New conversation', load: () => import('../screens/ConversationsScreen') },
  // A conversation started on this device and not saved by the server yet (its temporary id).
  { path: 'conversations/starting/:tempId', title: 'New conversation', load: () => import('../screens/ConversationsScreen') },
  { path: 'contacts/:id', title: 'Contact', load: () => import('../screens/contacts/ContactScreen') },
  { path: 'inboxes', title: 'Inboxes', load: () => import('../screens/settings/CustomInboxesScreen') },
  { path: 'account/general', title: 'Account', load: () => import('../screens/settings/AccountGeneralScreen') },
  { path: 'account/security', title: 'Security', load: () => import('../screens/settings/AccountSecurityScreen') },
  { path: 'account/notifications', title: 'Notifications', load: () => import('../screens/notifications/NotificationsScreen') },
  {
    path: 'organization/general',
    title: 'Organization',
    load: () => import('../screens/settings/OrganizationGeneralScreen'),
  },
  // Business hours need no role (§6).
  { path: 'hours', title: 'Business hours', load: () => import('../screens/hours/HoursScreen') },
  { path: 'team', title: 'Team', permission: PAGE_PERMISSIONS.team, load: () => import('../screens/team/TeamScreen') },
  // Read by every agent (read-only without `snippet.*`, which the server checks on each write).
  { path: 'snippets', title: 'Snippets', load: () => import('../screens/snippets/SnippetsScreen') },
  // Rules (issue 37): read by every agent, read-only without `rule.*` (the server checks each write).
  { path: 'rules', title: 'Rules', load: () => import('../screens/rules/RulesScreen') },
  // Knowledge needs no role (§6); the KB report needs organization.reporting.
  { path: 'knowledge', title: 'Knowledge base', load: () => import('../screens/knowledge/KnowledgeScreen') },
  { path: 'knowledge/articles/:id', title: 'Article', load: () => import('../screens/knowledge/ArticleScreen') },
  { path: 'knowledge/settings', title: 'Help center settings', load: () => import('../screens/knowledge/KnowledgeSettingsScreen') },
  // Reports (issue 38): lazy, so the chart library stays out of the inbox's first JavaScript.
  {
    path: 'reporting/inbox',
    title: 'Inbox report',
    permission: PAGE_PERMISSIONS['reporting/inbox'],
    load: () => import('../screens/reporting/ReportingInboxScreen'),
  },
  { path: 'reporting/kb', title: 'Knowledge base report', permission: PAGE_PERMISSIONS['reporting/kb'], load: () => import('../screens/knowledge/KbReportScreen') },
  { path: 'tags', title: 'Tags', permission: PAGE_PERMISSIONS.tags, load: () => import('../screens/tags/TagsScreen') },
  { path: 'emails', title: 'Email', permission: PAGE_PERMISSIONS.emails, load: () => import('../screens/emails/EmailsScreen') },
  { path: 'chat', title: 'Chat widget', permission: PAGE_PERMISSIONS.chat, load: () => import('../screens/chat/ChatSettingsScreen') },
  {
    path: 'integrations',
    title: 'Integrations',
    permission: PAGE_PERMISSIONS.integrations,
    load: () => import('../screens/integrations/IntegrationsScreen'),
  },
  {
    path: 'custom-data',
    title: 'Custom data',
    permission: PAGE_PERMISSIONS['custom-data'],
    load: () => import('../screens/custom-data/CustomDataScreen'),
  },
  { path: 'billing', title: 'Billing', permission: PAGE_PERMISSIONS.billing, load: () => import('../screens/integrations/BillingSettingsScreen') },
  { path: 'blocked', title: 'Blocked contacts', load: () => import('../screens/blocked/BlockedScreen') },
];
