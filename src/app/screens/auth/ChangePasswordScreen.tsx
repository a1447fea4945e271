import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Session, TokenPreview } from '../../../protocol/api/models';
import { changePasswordWithTokenBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordFields } from '../../forms/PasswordFields';
import { useFormErrors } from '../../forms/use-form-errors';
import { useLoad } from '../../hooks/use-load';
import { AuthPage } from '../../layout/AuthPage';
import { FullPageSpinner } from '../../layout/FullPageSpinner';
import { useCompleteSignIn } from '../../session/use-complete-sign-in';
import { LinkProblem } from './LinkProblem';
import { newPasswordForm } from './new-password-form';

/** `/auth/token/{token}/change-password` (§2): a new password from a reset link, then signed in. */
export default function ChangePasswordScreen() {
  const { token = '' } = useParams();
  const api = useApi();
  const completeSignIn = useCompleteSignIn();
  const load = useCallback((signal: AbortSignal) => api.get<TokenPreview>(apiPaths.signInWithToken(token), signal), [api, token]);
  const { state } = useLoad(load);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'error') return <LinkProblem failure={state.failure} />;
  const preview = state.data;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(newPasswordForm, { password, confirmation });
    if (!checked) return;
    await form.submit(
      async () => {
        const body = changePasswordWithTokenBody.parse({ password: checked.password });
        const session = await api.post<Session>(apiPaths.changePasswordWithToken(token), body);
        await completeSignIn(session, `/${session.organization.slug}/conversations`);
      },
      { leaves: true },
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{preview.email}</strong> at {preview.organization.name}.
        </>
      }
      footer={<Link to="/auth/login">Back to sign in</Link>}
    >
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <input type="email" name="username" autoComplete="username" value={preview.email} readOnly hidden />
        <PasswordFields
          label="New password"
          autoFocus
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.clearField('password');
          }}
          confirmation={{
            value: confirmation,
            onChange: (value) => {
              setConfirmation(value);
              form.clearField('confirmation');
            },
          }}
          error={form.field}
        />
        <Button type="submit" variant="primary" block loading={form.busy}>
          Change password
        </Button>
      </form>
    </AuthPage>
  );
}
