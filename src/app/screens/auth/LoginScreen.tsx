import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { Session } from '../../../protocol/api/models';
import { emailField } from '../../../protocol/api/fields';
import { loginBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { toFailure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormErrors } from '../../forms/use-form-errors';
import { AuthPage } from '../../layout/AuthPage';
import { warmUpInbox } from '../../routes/warm-up-screen';
import { destinationAfterSignIn, signInShowsConversations } from '../../session/session-paths';
import { useCompleteSignIn } from '../../session/use-complete-sign-in';
import { OrganizationPicker } from './OrganizationPicker';
import { organizationChoices } from './organization-choices';
import type { OrganizationChoice } from './organization-choices';

const loginLinkForm = z.object({ email: emailField });

/** `/auth/login` (§2): password sign-in, a sign-in link by email, and the 409 organization choice. */
export default function LoginScreen() {
  const api = useApi();
  const completeSignIn = useCompleteSignIn();
  const [params] = useSearchParams();
  const next = params.get('next');
  // The screen the sign-in will show, unless `next` names another: its code loads while the form
  // is filled (warm-up-screen.ts).
  const landsInInbox = signInShowsConversations(next);
  useEffect(() => (landsInInbox ? warmUpInbox() : undefined), [landsInInbox]);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Which of the two requests the form's busy state belongs to.
  const [sending, setSending] = useState<'password' | 'link'>('password');
  const busy = form.busy ? sending : null;
  const [choices, setChoices] = useState<OrganizationChoice[] | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  async function signIn(domain?: string) {
    const body = form.validate(loginBody, { email, password, ...(domain === undefined ? {} : { domain }) });
    if (!body) return;
    setSending('password');
    await form.submit(
      async () => {
        const session = await api.post<Session>(apiPaths.login, body);
        await completeSignIn(session, destinationAfterSignIn(next, session.organization.slug));
      },
      {
        leaves: true,
        handle: (error) => {
          const found = organizationChoices(toFailure(error));
          if (found) setChoices(found);
          return found !== null;
        },
      },
    );
  }

  async function sendLink() {
    const body = form.validate(loginLinkForm, { email });
    if (!body) return;
    setSending('link');
    await form.submit(async () => {
      await api.post(apiPaths.loginLink, body);
      setLinkSentTo(body.email);
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void signIn();
  }

  if (choices) {
    return (
      <OrganizationPicker
        choices={choices}
        busy={busy === 'password'}
        error={form.errors.message}
        onChoose={(slug) => void signIn(slug)}
        onBack={() => setChoices(null)}
      />
    );
  }

  return (
    <AuthPage
      title="Sign in"
      subtitle="Welcome back. Sign in to your team's inbox."
      footer={
        <>
          New here? <Link to="/create">Create an account</Link>
        </>
      }
    >
      {params.has('disconnected') && (
        <Alert tone="warning">You were disconnected. Please sign in again to continue where you left off.</Alert>
      )}
      {linkSentTo && (
        <Alert tone="success">
          If an account exists for {linkSentTo}, we've sent a sign-in link. It works once, for 15 minutes.
        </Alert>
      )}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={form.field('email')}
          onChange={(event) => {
            setEmail(event.target.value);
            form.clearField('email');
          }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={form.field('password')}
          labelAside={<Link to="/auth/lost-password">Forgot your password?</Link>}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearField('password');
          }}
        />
        <Button type="submit" variant="primary" block loading={busy === 'password'} disabled={busy === 'link'}>
          Sign in
        </Button>
      </form>
      <div className="divider">or</div>
      <Button block loading={busy === 'link'} disabled={busy === 'password'} onClick={() => void sendLink()}>
        Email me a sign-in link
      </Button>
    </AuthPage>
  );
}
