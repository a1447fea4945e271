/** Documents as the API returns them (JSON; times are epoch milliseconds). */
/** §3 `custom_inboxes`; `is_default`: the agent chose it as their default inbox (at most one; none: the built-in Inbox). */
export type CustomInbox = { key: string; name: string; query: string; is_default?: true | undefined };

export type { NotificationSettings } from '../notifications/notification-settings';
import type { OrganizationHours } from '../hours/hours-model';
import type { NotificationSettings } from '../notifications/notification-settings';

/** How an agent likes to work, on every device they use. */
export type AgentPreferences = {
  /** After an action takes the open conversation out of the list, open the next one (issue 12). */
  auto_advance: boolean;
  /** The conversation list's rows: two lines with the status, or one compact line. */
  list_density: 'comfortable' | 'compact';
  /**
   * The replication window (issue 13), in days: besides open, waiting and unread conversations, a
   * device keeps closed ones updated within it; older ones are fetched when opened. 0: keep all.
   */
  replication_days: number;
};

/** The windows offered in Account → General (0: every conversation). */
export const REPLICATION_WINDOW_CHOICES = [30, 90, 365, 0] as const;

export const DEFAULT_PREFERENCES: AgentPreferences = { auto_advance: true, list_density: 'comfortable', replication_days: 90 };

/** An agent's preferences; a profile cached by an older build has none yet. */
export function preferencesOf(agent: Pick<Agent, 'preferences'>): AgentPreferences {
  return { ...DEFAULT_PREFERENCES, ...(agent.preferences as Partial<AgentPreferences> | undefined) };
}

export type Agent = {
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  roles: string[];
  is_owner: boolean;
  is_current_user: boolean;
  is_removed: boolean;
  /** null follows the system preference. */
  dark_mode: boolean | null;
  custom_inboxes: CustomInbox[];
  notifications: NotificationSettings;
  preferences: AgentPreferences;
  is_validated: boolean;
  created_at: number;
  /** Added under the agent's email replies; '' for none, and '' in teammates' copies. Absent in copies stored by older builds. */
  signature?: string;
};

/** The older stored shape of an organization's hours, read as OrganizationHours (organization-model.ts). */
export type OpeningHours = {
  timezone: string;
  /** Seven entries, Monday first; null is closed. Times are "HH:MM". */
  days: ({ open: string; close: string } | null)[];
};

export type Organization = {
  id: number;
  slug: string;
  name: string;
  is_premium: boolean;
  trial_ends_at: number | null;
  onboarding: Record<string, boolean>;
  /**
   * Business hours (src/protocol/hours/hours-model.ts), with the country's public holidays as
   * dates; older rows' `{timezone, days}` are read as it.
   */
  hours: (OrganizationHours & { public_holidays?: readonly string[] }) | null;
  is_custom_data_enabled: boolean;
  created_at: number;
};

export type AgentInvite = {
  id: number;
  email: string;
  roles: string[];
  invited_by: string | null;
  expires_at: number;
  created_at: number;
};

/** What a successful sign-in (any route) answers. */
export type Session = { token: string; agent: Agent; organization: Organization };

/** `GET /api/account`. */
export type AccountResponse = { agent: Agent; organization: Organization };

/** `GET /api/invites/{token}`: what the invitation page shows before accepting. */
export type InvitePreview = {
  email: string;
  organization: { name: string; slug: string };
  invited_by: string | null;
};

/** Login with an email that has a matching password in several organizations. */
export type ChooseOrganization = {
  error: string;
  organizations: { slug: string; name: string }[];
};

export type PingResponse = { ok: true; version: number; build: string };

/** `GET /api/auth/token/{token}`: what a sign-in or reset link page shows before it is used. */
export type TokenPreview = {
  kind: 'login' | 'reset';
  email: string;
  organization: { name: string; slug: string };
};

/** `POST /api/auth/validate/{token}`. */
export type ValidateResponse = { ok: true; email: string };

/** Calls that only acknowledge (`auth/clear`, `auth/lost-password`, `auth/login-link`, …). */
export type OkResponse = { ok: true };

/** Error bodies (§8): an `errors` object of field messages, or an `error` string. */
export type FieldErrorsResponse = { errors: Record<string, string> };
export type ErrorResponse = { error: string };
