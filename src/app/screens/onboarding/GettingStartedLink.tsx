import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { useSignedIn } from '../../session/signed-in-context';
import { useOnboarding } from './use-onboarding';

/** The sidebar's compact progress (§4): "Getting started 3/7" while fewer than every step is recorded. */
export function GettingStartedLink() {
  const { slug } = useSignedIn();
  const { pathname } = useLocation();
  const view = useOnboarding();
  if (!view?.isOpen) return null;
  const to = `/${slug}/onboarding`;
  return (
    <Link to={to} className="nav-link nav-link--onboarding" aria-current={pathname === to ? 'page' : undefined}>
      <Icon name="listOrdered" />
      Getting started
      <span className="nav-link__progress">
        <span aria-hidden="true">
          {view.recorded}/{view.total}
        </span>
        <span className="visually-hidden">
          , {view.recorded} of {view.total} steps
        </span>
      </span>
    </Link>
  );
}
