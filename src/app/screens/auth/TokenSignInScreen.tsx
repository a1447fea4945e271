import { useCallback } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { Session, TokenPreview } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useFormErrors } from '../../forms/use-form-errors';
import { useLoad } from '../../hooks/use-load';
import { AuthPage } from '../../layout/AuthPage';
import { FullPageSpinner } from '../../layout/FullPageSpinner';
import { useCompleteSignIn } from '../../session/use-complete-sign-in';
import { LinkProblem } from './LinkProblem';

/**
 * `/auth/token/{token}` (§2): the emailed sign-in link. The token is spent only on a click, so
 * mail scanners that open links do not use it up.
 */
export default function TokenSignInScreen() {
  const { token = '' } = useParams();
  const api = useApi();
  const completeSignIn = useCompleteSignIn();
  const load = useCallback((signal: AbortSignal) => api.get<TokenPreview>(apiPaths.signInWithToken(token), signal), [api, token]);
  const { state } = useLoad(load);
  const form = useFormErrors();

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'error') return <LinkProblem failure={state.failure} />;
  const preview = state.data;
  if (preview.kind === 'reset') return <Navigate to="change-password" relative="path" replace />;

  async function signIn() {
    await form.submit(
      async () => {
        const session = await api.post<Session>(apiPaths.signInWithToken(token));
        await completeSignIn(session, `/${session.organization.slug}/conversations`);
      },
      { leaves: true },
    );
  }

  return (
    <AuthPage
      title={`Sign in to ${preview.organization.name}`}
      subtitle={<>You're signing in as <strong>{preview.email}</strong>.</>}
      footer={<Link to="/auth/login">Sign in another way</Link>}
    >
      {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
      <Button variant="primary" block loading={form.busy} onClick={() => void signIn()}>
        Sign in
      </Button>
    </AuthPage>
  );
}
