import type { Contact, Conversation } from '../../../../protocol/documents';
import type { ConversationData } from '../use-conversation';

/**
 * A list row opens its conversation with the copy the list already holds (as navigation state),
 * so the conversation renders at once instead of after its own read; the live read replaces it
 * a moment later. Navigation state outlives a reload: it is only ever a first picture.
 */
export type PreviewState = { preview: { conversation: Conversation; contact: Contact | undefined } };

export function previewState(conversation: Conversation, contact: Contact | undefined): PreviewState {
  return { preview: { conversation, contact } };
}

/** The preview the navigation carried for conversation `id`, if any. */
export function previewOf(state: unknown, id: number): ConversationData | null {
  if (typeof state !== 'object' || state === null || !('preview' in state)) return null;
  const { preview } = state;
  if (typeof preview !== 'object' || preview === null || !('conversation' in preview)) return null;
  const { conversation } = preview;
  if (typeof conversation !== 'object' || conversation === null || !('id' in conversation) || conversation.id !== id) return null;
  const contact = 'contact' in preview && typeof preview.contact === 'object' && preview.contact !== null ? (preview.contact as Contact) : undefined;
  return { conversation: conversation as Conversation, contact };
}
