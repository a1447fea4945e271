/** Documents as the API returns them (JSON; times are epoch milliseconds). */
export type CustomInbox = { key: string; name: string; query: string };

export type NotificationSettings = {
  email_new_conversation: boolean;
  email_assigned: boolean;
  push: boolean;
};

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
  is_validated: boolean;
  created_at: number;
};

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
  hours: OpeningHours | null;
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
