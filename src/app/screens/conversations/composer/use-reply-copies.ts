import { useMemo, useState } from 'react';
import type { Contact, Conversation, Draft } from '../../../../protocol/documents';
import { NO_COPIES } from './CopyFields';
import type { Copies } from './CopyFields';

export type ReplyCopies = {
  copies: Copies;
  setCopies: (copies: Copies) => void;
  /** The Cc/Bcc fields are shown (once asked for, or once an undone reply brought copies back). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Whom the reply goes to anyway (the contact, the conversation's recipients), lowercase. */
  standing: string[];
};

/**
 * The email reply's own CC and BCC, starting from those kept with the reply's draft (`draft`);
 * the caller saves changes with the draft (use-composer-drafts.ts `changeCopies`).
 */
export function useReplyCopies(
  conversation: Pick<Conversation, 'recipients'>,
  contact: Pick<Contact, 'email'> | undefined,
  draft: Pick<Draft, 'cc' | 'bcc'> | undefined,
): ReplyCopies {
  const [copies, setCopies] = useState<Copies>(() => (draft?.cc?.length || draft?.bcc?.length ? { cc: draft.cc ?? [], bcc: draft.bcc ?? [] } : NO_COPIES));
  const [open, setOpen] = useState(() => copies.cc.length > 0 || copies.bcc.length > 0);
  const email = contact?.email ?? '';
  const standing = useMemo(
    () => [email, ...conversation.recipients.map((recipient) => recipient.from)].map((address) => address.toLowerCase()).filter(Boolean),
    [email, conversation.recipients],
  );
  return { copies, setCopies, open, setOpen, standing };
}
