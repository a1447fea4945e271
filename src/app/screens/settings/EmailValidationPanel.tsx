import { useState } from 'react';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useFormErrors } from '../../forms/use-form-errors';
import { useSignedIn } from '../../session/signed-in-context';

/** Shown while the agent's email address is not confirmed: resend the confirmation email. */
export function EmailValidationPanel() {
  const { agent } = useSignedIn();
  const api = useApi();
  const form = useFormErrors();
  const [sent, setSent] = useState(false);

  async function resend() {
    await form.submit(async () => {
      await api.post(apiPaths.resendValidation);
      setSent(true);
    });
  }

  return (
    <section className="panel" aria-labelledby="email-validation-title">
      <div className="panel__header">
        <h2 className="panel__title" id="email-validation-title">
          Confirm your email address
        </h2>
        <p className="panel__description">
          We sent a confirmation link to <strong>{agent.email}</strong> when you signed up.
        </p>
      </div>
      <div className="panel__body">
        {sent && <Alert tone="success">A new confirmation link is on its way to {agent.email}.</Alert>}
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <div>
          <Button loading={form.busy} disabled={sent} onClick={() => void resend()}>
            Resend confirmation email
          </Button>
        </div>
      </div>
    </section>
  );
}
