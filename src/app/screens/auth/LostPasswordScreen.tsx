import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { lostPasswordBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormErrors } from '../../forms/use-form-errors';
import { AuthPage } from '../../layout/AuthPage';

/** `/auth/lost-password`: always the same answer, so it does not reveal who has an account. */
export default function LostPasswordScreen() {
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(lostPasswordBody, { email });
    if (!body) return;
    await form.submit(async () => {
      await api.post(apiPaths.lostPassword, body);
      setSentTo(body.email);
    });
  }

  return (
    <AuthPage
      title="Reset your password"
      subtitle="Enter the email address you sign in with and we'll send you a link to choose a new password."
      footer={<Link to="/auth/login">Back to sign in</Link>}
    >
      {sentTo ? (
        <Alert tone="success">
          If an account exists for {sentTo}, we've sent a link to reset your password. Check your inbox; the link works
          for one hour.
        </Alert>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            error={form.field('email')}
            onChange={(event) => {
              setEmail(event.target.value);
              form.clearField('email');
            }}
          />
          <Button type="submit" variant="primary" block loading={form.busy}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
