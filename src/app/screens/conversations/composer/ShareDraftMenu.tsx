import { Avatar } from '../../../components/Avatar';
import { Icon } from '../../../components/Icon';
import { useMenuButton } from '../../../components/use-menu-button';
import type { AgentSummary } from '../../../session/agent-directory';

type ShareDraftMenuProps = {
  teammates: readonly AgentSummary[];
  /** Who the draft is shared with already. */
  sharedWith: readonly number[];
  /** Nothing to share yet (no text). */
  disabled: boolean;
  onShare: (teammate: AgentSummary) => void;
};

/** "Share": a menu of teammates; picking one shows them the draft, live, in the conversation. */
export function ShareDraftMenu({ teammates, sharedWith, disabled, onShare }: ShareDraftMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenuButton();

  const shared = teammates.filter((mate) => sharedWith.includes(mate.id));
  return (
    <div className="share-draft">
      <button
        {...buttonProps}
        type="button"
        className="btn btn--ghost btn--small share-draft__button"
        disabled={disabled}
        title={disabled ? 'Write something to share it' : 'Share this draft with a teammate'}
      >
        <Icon name="users" size={14} />
        <span className="btn__label">{shared.length > 0 ? `Shared with ${shared.map((mate) => mate.name).join(', ')}` : 'Share draft'}</span>
      </button>
      {open && (
        <div {...menuProps} className="menu share-draft__menu" aria-label="Share draft with">
          <p className="menu__header share-draft__header">{teammates.length > 0 ? 'Share this draft with' : 'No teammates to share with yet'}</p>
          {teammates.map((mate) => {
            const done = sharedWith.includes(mate.id);
            return (
              <button
                key={mate.id}
                type="button"
                role="menuitem"
                className="menu__item"
                aria-disabled={done || undefined}
                onClick={() => {
                  if (done) return;
                  onShare(mate);
                  close();
                }}
              >
                <Avatar name={mate.name} email={mate.email} src={mate.avatar} size={20} />
                <span className="share-draft__name">{mate.name}</span>
                {done && (
                  <span className="share-draft__done">
                    <Icon name="check" size={14} />
                    Shared
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
