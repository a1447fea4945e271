import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiPaths } from '../../../../protocol/api/routes';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { useApi } from '../../../api/api-context';
import { failureText } from '../../../api/failure-text';
import { toFailure } from '../../../api/request-failure';
import { useCopy } from '../../../clipboard/use-copy';
import { Icon } from '../../../components/Icon';
import { useMenuButton } from '../../../components/use-menu-button';
import { useToasts } from '../../../components/Toasts';
import { useSignedIn } from '../../../session/signed-in-context';
import { useSyncActions } from '../../../sync/use-sync-actions';
import { ForwardDialog } from '../thread/ForwardDialog';
import { MergeDialog } from './MergeDialog';
import { SpamDialog } from './SpamDialog';

type ConversationMenuProps = { conversation: Conversation; contact: Contact | undefined; backPath: string };

/** The address of a conversation, to share with a teammate. */
export function conversationUrl(origin: string, slug: string, id: number): string {
  return `${origin}/${slug}/conversations/view/${id}`;
}

/** The header's "More actions" menu: copy link, copy email, forward by email, merge, mark as spam (with block), unblock. */
export function ConversationMenu({ conversation, contact, backPath }: ConversationMenuProps) {
  const { slug } = useSignedIn();
  const { mutate } = useSyncActions();
  const api = useApi();
  const { show } = useToasts();
  const copy = useCopy();
  const navigate = useNavigate();
  const { open, setOpen, buttonProps, menuProps } = useMenuButton();
  const [spam, setSpam] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const [merging, setMerging] = useState(false);
  const contactLabel = contact?.name || contact?.email || 'this contact';

  function choose(action: () => void) {
    setOpen(false);
    action();
  }

  async function unblock(blocked: Contact) {
    try {
      await api.del(apiPaths.blockedContact(blocked.id));
      show({ tone: 'success', title: `${contactLabel} is no longer blocked` });
    } catch (error) {
      const text = failureText(toFailure(error));
      if (text) show({ tone: 'error', title: text.message });
    }
  }

  const email = contact?.email;
  return (
    <div className="conv-menu">
      <button {...buttonProps} type="button" className="btn btn--ghost btn--small btn--icon" title="More actions">
        <Icon name="more" />
        <span className="visually-hidden">More actions</span>
      </button>
      {open && (
        <div {...menuProps} className="menu" aria-label="Conversation actions">
          <button
            role="menuitem"
            type="button"
            className="menu__item"
            onClick={() => choose(() => void copy(conversationUrl(window.location.origin, slug, conversation.id), 'Link copied'))}
          >
            <Icon name="link" />
            Copy link
          </button>
          {email && (
            <button role="menuitem" type="button" className="menu__item" onClick={() => choose(() => void copy(email, 'Email copied'))}>
              <Icon name="copy" />
              Copy email
            </button>
          )}
          <button role="menuitem" type="button" className="menu__item" onClick={() => choose(() => setForwarding(true))}>
            <Icon name="forward" />
            Forward by email…
          </button>
          <button role="menuitem" type="button" className="menu__item" onClick={() => choose(() => setMerging(true))}>
            <Icon name="merge" />
            Merge into…
          </button>
          <hr className="menu__separator" />
          <button role="menuitem" type="button" className="menu__item menu__item--danger" onClick={() => choose(() => setSpam(true))}>
            <Icon name="alert" />
            Mark as spam…
          </button>
          {contact?.is_blocked === true && (
            <button role="menuitem" type="button" className="menu__item" onClick={() => choose(() => void unblock(contact))}>
              <Icon name="ban" />
              Unblock contact
            </button>
          )}
        </div>
      )}
      <ForwardDialog open={forwarding} onClose={() => setForwarding(false)} conversationId={conversation.id} />
      <MergeDialog open={merging} onClose={() => setMerging(false)} conversation={conversation} contactLabel={contactLabel} />
      <SpamDialog
        open={spam}
        contactLabel={contactLabel}
        onClose={() => setSpam(false)}
        onConfirm={(block) => {
          setSpam(false);
          mutate({ kind: 'spam', conversation_id: conversation.id, block });
          void navigate(backPath);
        }}
      />
    </div>
  );
}
