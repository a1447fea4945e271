import type { UploadedAttachment } from '../../../../protocol/api/channels';
import type { Conversation } from '../../../../protocol/documents';
import type { MutationInput } from '../../../../protocol/mutations/mutation-input';
import { MAX_NOTE_MENTIONS } from '../../../../protocol/api/conversation-requests';
import { mentionsIn, type Mentionable } from '../../../../protocol/notifications/note-mentions';
import type { ComposerMode, Composed } from './Composer';
import type { Copies } from './CopyFields';
import { htmlForSending, inlineImagesOf, withSignature } from './rich-text';

type SendParts = {
  conversation: Pick<Conversation, 'id' | 'channel'>;
  mode: ComposerMode;
  message: Composed;
  draftId: string;
  /** The files attached with the mode's Attach control. */
  files: readonly UploadedAttachment[];
  copies: Copies;
  signature: string;
  /** Who a note may mention: those whose `@Name` it holds are notified. */
  teammates: readonly Mentionable[];
};

/**
 * The mutation a send makes (pure): a note (with its files), a chat reply (text only), or an
 * email reply with its formatted body and signature, its inline images and attached files, and
 * its own copies.
 */
export function sendMutation({ conversation, mode, message, draftId, files, copies, signature, teammates }: SendParts): MutationInput {
  const conversation_id = conversation.id;
  const attached = files.length > 0 ? { attachments: [...files] } : {};
  if (mode === 'note') {
    const mentions = mentionsIn(message.text, teammates).slice(0, MAX_NOTE_MENTIONS);
    return { kind: 'note', conversation_id, message: message.text, draft_id: draftId, ...attached, ...(mentions.length > 0 ? { mentions } : {}) };
  }
  if (conversation.channel === 'CHAT') return { kind: 'reply', conversation_id, message: message.text, source: 'CHAT', draft_id: draftId };
  return {
    kind: 'reply',
    conversation_id,
    draft_id: draftId,
    ...emailParts(message, signature, files),
    ...(copies.cc.length > 0 ? { cc: copies.cc } : {}),
    ...(copies.bcc.length > 0 ? { bcc: copies.bcc } : {}),
  };
}

/**
 * An email's body as it is sent (a reply, a new conversation's first message): the text and,
 * when formatted, the HTML with the signature under them, and its files, those attached first,
 * then the images shown inline, at most 10.
 */
export function emailParts(message: Composed, signature: string, files: readonly UploadedAttachment[]): { message: string; html?: string; attachments?: UploadedAttachment[] } {
  const body = message.html === undefined ? null : withSignature({ text: message.text, html: message.html }, signature);
  const inline = body ? inlineImagesOf(body.html).filter((image) => !files.some((file) => file.id === image.id)) : [];
  const attachments = [...files, ...inline].slice(0, 10);
  return {
    message: body?.text ?? message.text,
    ...(body ? { html: htmlForSending(body.html) } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
