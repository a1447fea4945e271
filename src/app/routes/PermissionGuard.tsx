import { Link, Outlet } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import { can } from '../session/permissions';
import { useSignedIn } from '../session/signed-in-context';

/** §6 route guard: the page, or a clear "no access" state for an agent without the role. */
export function PermissionGuard({ permission }: { permission: string }) {
  const { slug, agent } = useSignedIn();
  if (can(agent, permission)) return <Outlet />;
  return (
    <div className="page">
      <div className="centered">
        <EmptyState
          icon="lock"
          title="You don't have access to this page"
          actions={
            <Link className="btn btn--secondary" to={`/${slug}/bonjour`}>
              Back to home
            </Link>
          }
        >
          Ask an administrator of your organization for the <span className="mono">{permission}</span> permission if
          you need it.
        </EmptyState>
      </div>
    </div>
  );
}
