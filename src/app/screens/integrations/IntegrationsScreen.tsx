import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { stripeConnectBody, type IntegrationProperties } from '../../../protocol/api/billing-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loadable } from '../../components/Loadable';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { PageHeader } from '../../layout/PageHeader';
import { useAgentDirectory } from '../../session/agent-directory';
import { useIntegration } from './use-integration';

/** The restricted key's permissions the inbox needs (README, "Connecting Stripe"). */
const KEY_PERMISSIONS = ['Customers: Read', 'Charges and Refunds: Write', 'Subscriptions: Write'];

/**
 * `integrations` (§6 `organization.update`): Stripe, connected with a restricted key that the
 * server checks with Stripe, keeps encrypted and never shows again (only its last characters).
 */
export default function IntegrationsScreen() {
  const { state, reload, set } = useIntegration('stripe');
  return (
    <div className="page">
      <PageHeader title="Integrations" description="Services the inbox reads for your team. Billing in the contact panel comes from Stripe." />
      <section className="panel" aria-labelledby="stripe-title">
        <div className="panel__header">
          <h2 className="panel__title" id="stripe-title">
            Stripe
          </h2>
        </div>
        <div className="panel__body">
          <Loadable state={state} loading="Loading Stripe’s state" failed={() => 'Stripe’s state could not be loaded.'} retry={reload}>
            {(stripe) => (stripe.connected ? <Connected properties={stripe} onChange={set} /> : <ConnectForm properties={stripe} onChange={set} />)}
          </Loadable>
        </div>
      </section>
    </div>
  );
}

function ConnectForm({ properties, onChange }: { properties: IntegrationProperties; onChange: (p: IntegrationProperties) => void }) {
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const { show } = useToasts();
  const [apiKey, setApiKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(stripeConnectBody, { api_key: apiKey, webhook_secret: webhookSecret.trim() || null });
    if (!body) return;
    await form.submit(async () => {
      onChange(await api.request<IntegrationProperties>('PUT', apiPaths.integration('stripe'), body));
      show({ tone: 'success', title: 'Stripe is connected', key: 'stripe-connected' });
    });
  }

  if (!properties.can_connect) return <Alert tone="info">This server has no key to encrypt integration secrets: set INTEGRATIONS_SECRET (see the README) to connect Stripe.</Alert>;
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="panel__stack">
      <p>
        Create a <strong>restricted key</strong> in Stripe (Developers → API keys) with these permissions: {KEY_PERMISSIONS.join(', ')}. The key is checked with Stripe, stored
        encrypted and never shown again.
      </p>
      {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
      <TextField label="Restricted key" name="api_key" autoComplete="off" placeholder="rk_live_…" value={apiKey} error={form.field('api_key')} onChange={(event) => setApiKey(event.target.value)} />
      <TextField
        label="Webhook signing secret (optional)"
        name="webhook_secret"
        autoComplete="off"
        placeholder="whsec_…"
        hint={`Add an endpoint in Stripe for ${properties.webhook_url} with the events charge.refunded and customer.subscription.*, so changes made in Stripe show at once.`}
        value={webhookSecret}
        error={form.field('webhook_secret')}
        onChange={(event) => setWebhookSecret(event.target.value)}
      />
      <div>
        <Button type="submit" variant="primary" loading={form.busy}>
          Connect Stripe
        </Button>
      </div>
    </form>
  );
}

function Connected({ properties, onChange }: { properties: IntegrationProperties; onChange: (p: IntegrationProperties) => void }) {
  const api = useApi();
  const agents = useAgentDirectory();
  const { show } = useToasts();
  const [confirming, setConfirming] = useState(false);
  const by = properties.connected_by !== null ? agents.get(properties.connected_by)?.name : null;

  async function disconnect() {
    setConfirming(false);
    try {
      onChange(await api.del<IntegrationProperties>(apiPaths.integration('stripe')));
      show({ tone: 'success', title: 'Stripe is disconnected' });
    } catch {
      show({ tone: 'error', title: 'Stripe could not be disconnected. Try again.' });
    }
  }

  return (
    <div className="panel__stack">
      {properties.last_error && <Alert tone="error">Stripe’s last answer: {properties.last_error}</Alert>}
      <dl className="integration-card__facts">
        <dt>Key</dt>
        <dd>{properties.key_hint}</dd>
        <dt>Connected</dt>
        <dd>
          {properties.connected_at ? new Date(properties.connected_at).toLocaleString() : ''}
          {by ? ` by ${by}` : ''}
        </dd>
        <dt>Webhook</dt>
        <dd>{properties.has_webhook_secret ? `Signed events accepted at ${properties.webhook_url}` : 'No signing secret: changes made in Stripe show when an agent refreshes'}</dd>
      </dl>
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Disconnect Stripe
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Disconnect Stripe"
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="danger" onClick={() => void disconnect()}>
              Disconnect
            </Button>
          </>
        }
      >
        <p>The key is deleted from this server. Contacts keep the billing last read, but nobody can refresh it, refund or cancel until Stripe is connected again. Nothing changes in Stripe.</p>
      </Modal>
    </div>
  );
}
