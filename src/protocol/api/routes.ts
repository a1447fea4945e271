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
  conversations: 'conversations/',
  conversationStatistics: 'conversations/status',
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
  undoMessage: (id: number, messageId: string) => `conversations/${id}/messages/${encodeURIComponent(messageId)}/undo`,
  contact: (id: number) => `contacts/${id}`,
  tags: 'tags/',
} as const;

/** The header carrying the client session id, generated once per browser (§7). */
export const SESSION_HEADER = 'x-client-session';
