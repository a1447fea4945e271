import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { MODAL_ANIMATION_MS } from '../../protocol/constants';
import { Button } from './Button';
import { Icon } from './Icon';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** The wider variant of §2's expandable dialogs. */
  expanded?: boolean;
};

const durationStyle = { '--modal-duration': `${MODAL_ANIMATION_MS}ms` } as CSSProperties;

/** What a dialog's first field is: what the agent types or picks in, never the × in its header. */
const FIELD = ':is(input:not([type="hidden"]), textarea, select, [contenteditable="true"]):not(:disabled)';

/** The footer's action: its last enabled primary or danger button (Cancel is secondary). */
function submitAction(dialog: HTMLDialogElement): HTMLButtonElement | null {
  const actions = dialog.querySelectorAll<HTMLButtonElement>('.modal__footer :is(.btn--primary, .btn--danger):not(:disabled)');
  return actions[actions.length - 1] ?? null;
}

/**
 * The element a dialog opens on: one marked data-autofocus, else the body's first field, else its
 * action; when that action destroys something (a danger button), the footer's first button (Cancel)
 * instead, so that a stray Enter deletes nothing.
 */
function initialFocus(dialog: HTMLDialogElement): HTMLElement | null {
  const field = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(`.modal__body ${FIELD}`);
  if (field) return field;
  const action = submitAction(dialog);
  if (action?.classList.contains('btn--danger')) return dialog.querySelector<HTMLElement>('.modal__footer button:not(:disabled)');
  return action;
}

/**
 * A modal dialog on the native <dialog>: showModal() puts it in the top layer and makes the
 * page behind it inert, which traps focus. It closes on Escape and on a click on the overlay,
 * animates for MODAL_ANIMATION_MS (§2) both ways, and gives focus back to where it was.
 * It opens on its first field (showModal alone would focus the × of the header, and typing
 * would go nowhere), or on its action when it has no field (on Cancel when that action is
 * destructive); Enter in a one-line field does
 * what the footer's primary (or danger) button does, when that button is enabled.
 */
export function Modal({ open, onClose, title, children, footer, expanded = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const pressStartedOnOverlay = useRef(false);
  const [rendered, setRendered] = useState(open);
  const titleId = useId();
  if (open && !rendered) setRendered(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
        initialFocus(dialog)?.focus();
      }
      const frame = requestAnimationFrame(() => (dialog.dataset['state'] = 'open'));
      return () => cancelAnimationFrame(frame);
    }
    dialog.dataset['state'] = 'closed';
    const timer = setTimeout(() => {
      dialog.close();
      setRendered(false);
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    }, MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open, rendered]);

  if (!rendered) return null;

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  // A browser may close the dialog itself (a repeated Escape); keep the owner's state in step.
  function onNativeClose() {
    if (open) onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // A one-line field only: Enter in a note is a new line, on a button it presses that button.
    if (!(target instanceof HTMLInputElement) || ['button', 'submit', 'reset', 'file'].includes(target.type)) return;
    if (!ref.current) return;
    // The field's own form would submit too (implicit submission): the action alone runs, once.
    event.preventDefault();
    submitAction(ref.current)?.click();
  }

  function onMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressStartedOnOverlay.current = event.target === event.currentTarget;
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget && pressStartedOnOverlay.current) onClose();
  }

  return (
    <dialog
      ref={ref}
      className={expanded ? 'modal modal--expanded' : 'modal'}
      style={durationStyle}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onNativeClose}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="modal__header">
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        <Button variant="ghost" size="small" aria-label="Close" icon={<Icon name="close" />} onClick={onClose} />
      </div>
      {children && <div className="modal__body">{children}</div>}
      {footer && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}
