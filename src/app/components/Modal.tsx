import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent, ReactNode, SyntheticEvent } from 'react';
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

/**
 * A modal dialog on the native <dialog>: showModal() puts it in the top layer and makes the
 * page behind it inert, which traps focus. It closes on Escape and on a click on the overlay,
 * animates for MODAL_ANIMATION_MS (§2) both ways, and gives focus back to where it was.
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
