import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { Icon } from '../components/Icon';
import { useMenuButton } from '../components/use-menu-button';
import { useSignedIn } from '../session/signed-in-context';

/** The agent's avatar at the foot of the sidebar, opening a menu: account settings, sign out. */
export function AccountMenu() {
  const { slug, agent, signOut } = useSignedIn();
  const { open, setOpen, buttonProps, menuProps } = useMenuButton();

  return (
    <>
      <button {...buttonProps} type="button" className="account-button">
        <Avatar name={agent.name} email={agent.email} src={agent.avatar} size={30} />
        <span className="account-button__text">
          <span className="account-button__name">{agent.name}</span>
          <span className="account-button__email">{agent.email}</span>
        </span>
        {/* The name starts with the words shown (WCAG 2.5.3), then says what the button opens. */}
        <span className="visually-hidden"> (Account menu)</span>
      </button>
      {open && (
        <div {...menuProps} className="menu" aria-label="Account">
          <Link role="menuitem" className="menu__item" to={`/${slug}/account/general`} onClick={() => setOpen(false)}>
            <Icon name="user" />
            Account settings
          </Link>
          <Link role="menuitem" className="menu__item" to={`/${slug}/account/security`} onClick={() => setOpen(false)}>
            <Icon name="lock" />
            Password and security
          </Link>
          <Link role="menuitem" className="menu__item" to={`/${slug}/account/notifications`} onClick={() => setOpen(false)}>
            <Icon name="bell" />
            Notifications
          </Link>
          <button
            role="menuitem"
            type="button"
            className="menu__item"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            <Icon name="logout" />
            Sign out
          </button>
        </div>
      )}
    </>
  );
}
