import { useState } from 'react';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useSignedIn } from '../../session/signed-in-context';

/** Shown while the agent's email address is not confirmed: resend the confirmation email. */
export function EmailValidationPanel() {
  const { agent } = useSignedIn();
  const api = useApi();
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'sent' } | { status: 'failed'; message: string }>({
    status: 'idle',
  });

  async function resend() {
    setState({ status: 'busy' });
    try {
      await api.post(apiPaths.resendValidation);
      setState({ status: 'sent' });
    } catch (error) {
      const text = failureText(toFailure(error));
      setState(text ? { status: 'failed', message: text.message } : { status: 'idle' });
    }
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
        {state.status === 'sent' && <Alert tone="success">A new confirmation link is on its way to {agent.email}.</Alert>}
        {state.status === 'failed' && <Alert tone="error">{state.message}</Alert>}
        <div>
          <Button loading={state.status === 'busy'} disabled={state.status === 'sent'} onClick={() => void resend()}>
            Resend confirmation email
          </Button>
        </div>
      </div>
    </section>
  );
}
