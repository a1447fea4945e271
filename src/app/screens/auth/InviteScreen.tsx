import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { InvitePreview, Session } from '../../../protocol/api/models';
import { acceptInviteBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { PasswordFields } from '../../forms/PasswordFields';
import { useFormErrors } from '../../forms/use-form-errors';
import { useLoad } from '../../hooks/use-load';
import { AuthPage } from '../../layout/AuthPage';
import { FullPageSpinner } from '../../layout/FullPageSpinner';
import { useCompleteSignIn } from '../../session/use-complete-sign-in';
import { LinkProblem } from './LinkProblem';

/** `/invite/{token}` (§2): who invites you where; your name and a password join the team. */
export default function InviteScreen() {
  const { token = '' } = useParams();
  const api = useApi();
  const completeSignIn = useCompleteSignIn();
  const load = useCallback((signal: AbortSignal) => api.get<InvitePreview>(apiPaths.invite(token), signal), [api, token]);
  const { state } = useLoad(load);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'error') {
    return (
      <LinkProblem
        failure={state.failure}
        title="This invitation cannot be used"
        advice={
          <>
            An invitation works once and expires after a while. Ask the teammate who invited you to send a new one. If you have joined already, <Link to="/auth/login">sign in</Link>.
          </>
        }
      />
    );
  }
  const invite = state.data;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(acceptInviteBody, { name, password });
    if (!body) return;
    await form.submit(
      async () => {
        const session = await api.post<Session>(apiPaths.acceptInvite(token), body);
        await completeSignIn(session, `/${session.organization.slug}/bonjour`);
      },
      { leaves: true },
    );
  }

  return (
    <AuthPage
      title={`Join ${invite.organization.name}`}
      subtitle={
        invite.invited_by ? (
          <>
            <strong>{invite.invited_by}</strong> invited you to answer customers together in Support Inbox.
          </>
        ) : (
          'You have been invited to answer customers together in Support Inbox.'
        )
      }
      footer={
        <>
          Already a member? <Link to="/auth/login">Sign in</Link>
        </>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="username" value={invite.email} readOnly />
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          autoFocus
          value={name}
          error={form.field('name')}
          onChange={(event) => {
            setName(event.target.value);
            form.clearField('name');
          }}
        />
        <PasswordFields
          label="Password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.clearField('password');
          }}
          error={form.field}
        />
        <Button type="submit" variant="primary" block loading={form.busy}>
          Accept invitation
        </Button>
      </form>
    </AuthPage>
  );
}
