/** User-facing error texts of the error catalogue (§8), spelt exactly as the spec has them. */
export const ERROR_TEXTS = {
  rateLimited: 'You have been rate-limited. Please wait a minute.',
  unexpected: 'An unexpected error occurred.',
  generic: 'An error occurred',
  agentListLoad: 'An error occured. Please refresh your browser.',
  conversationListLoad: 'We were unable to load the tickets.',
  spam: 'An error occurred while marking the message as spam.',
  copy: 'An error occured while copying',
  undoNotMessage: 'Only a message can be undone.',
  unprocessedMatch: 'Unprocessed id for matching response',
  offline: 'You are offline. Please try again when you are back online.',
} as const;

export const TOAST_TEXTS = {
  newVersion: {
    title: 'New version available',
    body: 'An improved version is available. Please refresh now to upgrade.',
  },
  disconnected: {
    title: 'You were disconnected',
    body: 'Something went wrong. Please refresh your browser to reconnect.',
  },
} as const;
