import { failureText } from '../api/failure-text';
import type { Failure } from '../api/request-failure';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { FullPageSpinner } from '../layout/FullPageSpinner';

/** Opening an organization failed and nothing is cached for it yet. */
export function ProfileLoadError({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const text = failureText(failure);
  // A 401 ends the session: the redirect to login is already on its way.
  if (!text) return <FullPageSpinner />;
  return (
    <main className="centered" style={{ minHeight: '100vh' }}>
      <EmptyState
        icon={failure.kind === 'network' ? 'alert' : 'info'}
        title="We couldn't open your inbox"
        actions={
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {text.message}
      </EmptyState>
    </main>
  );
}
