import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ValidateResponse } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { toFailure } from '../../api/request-failure';
import type { Failure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { AuthPage } from '../../layout/AuthPage';
import { FullPageSpinner } from '../../layout/FullPageSpinner';
import { LinkProblem } from './LinkProblem';

type Result = { status: 'pending' } | { status: 'done'; email: string } | { status: 'failed'; failure: Failure };

/** `/validate/{token}` (§2): confirms the email address of the link and says so. */
export default function ValidateScreen() {
  const { token = '' } = useParams();
  const api = useApi();
  const [result, setResult] = useState<Result>({ status: 'pending' });
  // The token is single-use: confirm it once even when effects run twice (StrictMode).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    api.post<ValidateResponse>(apiPaths.validate(token)).then(
      (answer) => setResult({ status: 'done', email: answer.email }),
      (error: unknown) => setResult({ status: 'failed', failure: toFailure(error) }),
    );
  }, [api, token]);

  if (result.status === 'pending') return <FullPageSpinner label="Confirming your email address" />;
  if (result.status === 'failed') return <LinkProblem failure={result.failure} title="We couldn't confirm your email" />;
  return (
    <AuthPage title="Email address confirmed">
      <Alert tone="success">
        Thanks! <strong>{result.email}</strong> is confirmed.
      </Alert>
      <Link className="btn btn--primary btn--block" to="/">
        Continue to your inbox
      </Link>
    </AuthPage>
  );
}
