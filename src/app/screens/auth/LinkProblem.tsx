import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../../api/failure-text';
import type { Failure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { AuthPage } from '../../layout/AuthPage';

/** An emailed link that could not be used (expired, used, mistyped) or could not be checked. */
export function LinkProblem({ failure, title = 'This link cannot be used', advice }: { failure: Failure; title?: string; advice?: ReactNode }) {
  return (
    <AuthPage
      title={title}
      footer={
        <>
          <Link to="/auth/login">Back to sign in</Link>
        </>
      }
    >
      <Alert tone="error">{failureText(failure)?.message}</Alert>
      <p className="muted">
        {advice ?? (
          <>
            Links in our emails work once and expire after a while. You can ask for a new one from the <Link to="/auth/login">sign-in page</Link>.
          </>
        )}
      </p>
    </AuthPage>
  );
}
