import { Link } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { Loadable } from '../../components/Loadable';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { billingDate } from '../conversations/contact/billing/billing-text';
import { useIntegration } from './use-integration';

/**
 * `billing` (§6 `organization.update`): the organization's own plan (§3 `is_premium`,
 * `trial_ends_at`; on a self-hosted install, the default, every organization is premium: see
 * server/organization/hosting-plan.ts) and the payment sources the contact billing
 * view reads (Stripe, connected on the Integrations page).
 */
export default function BillingSettingsScreen() {
  const { organization } = useSignedIn();
  const { state, reload } = useIntegration('stripe');
  const trialEnds = organization.trial_ends_at;
  return (
    <div className="page">
      <PageHeader title="Billing" description="Your plan, and where the contact panel’s payments come from." />
      <section className="panel" aria-labelledby="plan-title">
        <div className="panel__header">
          <h2 className="panel__title" id="plan-title">
            Plan
          </h2>
        </div>
        <div className="panel__body">
          {organization.is_premium ? (
            <p>
              <Badge tone="success">Premium</Badge> Every feature is on, with no trial and no seat limit.
            </p>
          ) : (
            <p>
              <Badge tone="warning">Trial</Badge> {trialEnds ? `Your trial ends on ${billingDate(trialEnds)}.` : 'Your trial has no end date.'}
            </p>
          )}
        </div>
      </section>
      <section className="panel" aria-labelledby="sources-title">
        <div className="panel__header">
          <h2 className="panel__title" id="sources-title">
            Payment sources
          </h2>
        </div>
        <div className="panel__body">
          <Loadable state={state} loading="Loading payment sources" failed={() => 'The payment sources could not be loaded.'} retry={reload}>
            {(stripe) => (
              <p>
                Stripe: {stripe.connected ? <Badge tone="success">Connected</Badge> : <Badge>Not connected</Badge>}{' '}
                {stripe.connected ? `with ${stripe.key_hint ?? 'a restricted key'}. ` : ''}
                <Link to={`/${organization.slug}/integrations`}>Manage in Integrations</Link>
              </p>
            )}
          </Loadable>
        </div>
      </section>
    </div>
  );
}
