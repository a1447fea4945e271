/**
 * The REST API of this issue, under `/api/` (DESIGN.md URL space). Paths are relative to the
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
  agents: 'agents/',
  agentsPending: 'agents/pending',
  agentInvite: (email: string) => `agents/invite/${encodeURIComponent(email)}`,
  revokeInvite: (id: number) => `agents/pending/${id}`,
  agent: (email: string) => `agents/${encodeURIComponent(email)}`,
  organization: 'organization/',
} as const;

/** The header carrying the client session id, generated once per browser (§7). */
export const SESSION_HEADER = 'x-client-session';
