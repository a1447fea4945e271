import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiPaths } from '../../../protocol/api/routes';
import type { Contact, Conversation } from '../../../protocol/documents';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { useCopy } from '../../clipboard/use-copy';
import { Icon } from '../../components/Icon';
import { useToasts } from '../../components/Toasts';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { SpamDialog } from './SpamDialog';

type ConversationMenuProps = { conversation: Conversation; contact: Contact | undefined; backPath: string };

/** The address of a conversation, to share with a teammate. */
export function conversationUrl(origin: string, slug: string, id: number): string {
  return `${origin}/${slug}/conversations/view/${id}`;
}

/** The header's "More actions" menu: copy link, copy email, mark as spam (with block), unblock. */
export function ConversationMenu({ conversation, contact, backPath }: ConversationMenuProps) {
  const { slug } = useSignedIn();
  const { mutate } = useSyncActions();
  const api = useApi();
  const { show } = useToasts();
  const copy = useCopy();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [spam, setSpam] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const contactLabel = contact?.name || contact?.email || 'this contact';

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      // The menu closes, not the conversation (Escape is also "back").
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  }

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
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--ghost btn--small btn--icon"
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="more" />
        <span className="visually-hidden">More actions</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} className="menu" role="menu" aria-label="Conversation actions" onKeyDown={onMenuKeyDown}>
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
