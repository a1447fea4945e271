import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import type { IconName } from '../../../components/Icon';
import { useMenuButton } from '../../../components/use-menu-button';

/** What the conversation becomes once the reply is sent: closed, waiting for the customer, or as it is. */
export type SendAfter = 'CLOSED' | 'WAITING' | null;

type SendButtonProps = { label: string; icon: IconName; disabled: boolean; withStatus: boolean; onSend: (after: SendAfter) => void };

/** The send button; for replies, a menu beside it to send and close, or send and wait for the customer. */
export function SendButton({ label, icon, disabled, withStatus, onSend }: SendButtonProps) {
  const { open, close, buttonProps, menuProps } = useMenuButton();
  const primary = (
    <Button type="submit" variant="primary" size="small" disabled={disabled} icon={<Icon name={icon} size={14} />}>
      {label}
    </Button>
  );
  if (!withStatus) return primary;
  return (
    <div className="send-button">
      {primary}
      <button {...buttonProps} type="button" className="btn btn--primary btn--small send-button__more" disabled={disabled} aria-label="More ways to send">
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div {...menuProps} className="menu send-button__menu" aria-label="Send and">
          {(
            [
              ['CLOSED', 'Send and close'],
              ['WAITING', 'Send and set waiting'],
            ] as const
          ).map(([after, text]) => (
            <button
              key={after}
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={() => {
                close();
                onSend(after);
              }}
            >
              {text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
