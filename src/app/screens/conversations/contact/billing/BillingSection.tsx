import { useState } from 'react';
import type { Contact } from '../../../../../protocol/documents';
import type { Payment, SubscriptionSummary } from '../../../../../protocol/billing/financials';
import { PENDING_REFUND_ID } from '../../../../../protocol/billing/financials-patch';
import { formatMoney } from '../../../../../protocol/billing/money';
import { Badge } from '../../../../components/Badge';
import { Button } from '../../../../components/Button';
import { shortRelativeTime } from '../../../../format/relative-time';
import { useNow } from '../../../../hooks/use-now';
import { ACTION_PERMISSIONS } from '../../../../../protocol/roles';
import { useAgentDirectory } from '../../../../session/agent-directory';
import { can } from '../../../../session/permissions';
import { useSignedIn } from '../../../../session/signed-in-context';
import { useSyncActions } from '../../../../sync/use-sync-actions';
import { billingDate, refundable, STATUS_TONE, subscriptionNext, subscriptionPrice } from './billing-text';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { LinkDialog, type LinkRequest } from './LinkDialog';
import { RefundDialog } from './RefundDialog';

/**
 * The contact's billing from Stripe (§1, §3 financials): the payment emails (suggested or
 * confirmed, by whom and when), the subscription status, the latest subscriptions and the
 * payments with their refunds, all from the copy on the device (offline too). Refunds, cancels
 * and links are mutations, each after a dialog that says what will happen; Refund and Cancel are
 * shown only to an agent holding `billing.refund` (the server refuses the others too).
 */
export function BillingSection({ contact, conversationId }: { contact: Contact; conversationId: number | null }) {
  const { mutate } = useSyncActions();
  const agents = useAgentDirectory();
  const { agent } = useSignedIn();
  const mayRefund = can(agent, ACTION_PERMISSIONS.refund);
  const mayCancel = can(agent, ACTION_PERMISSIONS.cancelSubscription);
  const now = useNow(30_000);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [cancelling, setCancelling] = useState<SubscriptionSummary | null>(null);
  const [linking, setLinking] = useState<LinkRequest | null>(null);
  const financials = contact.financials ?? null;
  const contactName = contact.name || contact.email || 'this contact';
  const refresh = () => mutate({ kind: 'refresh-billing', contact_id: contact.id });

  return (
    <section className="contact-summary__section billing" aria-labelledby="contact-billing">
      <h3 className="contact-summary__heading" id="contact-billing">
        Billing
        {financials && (
          <span className="billing__refreshed" title={`Read from Stripe ${billingDate(financials.refreshed_at)}`}>
            updated {shortRelativeTime(financials.refreshed_at, now)}
          </span>
        )}
        {financials && (
          <Button size="small" variant="ghost" className="billing__refresh" title="Read this contact's billing from Stripe again" onClick={refresh}>
            Refresh
          </Button>
        )}
      </h3>
      {!financials ? (
        <div className="billing__empty">
          <p>Payments and subscriptions from Stripe show here.</p>
          <Button size="small" onClick={refresh}>
            Look up in Stripe
          </Button>
        </div>
      ) : (
        <>
          {financials.sources.length === 0 && <p className="billing__none">No Stripe customer with this email.</p>}
          <ul className="billing__list" aria-label="Payment emails">
            {financials.sources.map((source) => (
              <li key={source.email} className="billing__item">
                <span className="billing__email">{source.email}</span>
                <div className="billing__row">
                  <span className="billing__meta">
                    {source.is_suggested
                      ? 'Suggested: a Stripe customer has this email'
                      : `Confirmed${source.confirmed_by !== null ? ` by ${agents.get(source.confirmed_by)?.name ?? 'a teammate'}` : ''}${source.confirmed_at !== null ? ` · ${billingDate(source.confirmed_at)}` : ''}`}
                  </span>
                  {source.is_suggested ? (
                    <Button size="small" variant="primary" onClick={() => setLinking({ source, action: 'confirm' })}>
                      Confirm
                    </Button>
                  ) : (
                    <Button size="small" variant="ghost" onClick={() => setLinking({ source, action: 'unlink' })}>
                      Unlink
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {contact.subscription_status && (
            <p className="billing__status">
              <Badge tone={STATUS_TONE[contact.subscription_status] ?? 'neutral'}>{contact.subscription_status}</Badge>
              {contact.subscription_start !== null && contact.subscription_start !== undefined && <span> since {billingDate(contact.subscription_start)}</span>}
            </p>
          )}
          {financials.subscriptions.latest.length > 0 && (
            <ul className="billing__list" aria-label="Subscriptions">
              {financials.subscriptions.latest.map((subscription) => (
                <li key={subscription.id} className="billing__item">
                  <div className="billing__row">
                    <span className="billing__title">{subscription.plan ?? subscription.id}</span>
                    <span className="billing__amount">{subscriptionPrice(subscription)}</span>
                  </div>
                  <div className="billing__row">
                    <span className="billing__meta">{subscriptionNext(subscription)}</span>
                    {mayCancel && subscription.status !== 'canceled' && !subscription.cancel_at_period_end && (
                      <Button size="small" variant="ghost" onClick={() => setCancelling(subscription)}>
                        Cancel
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {financials.payments.data.length > 0 && (
            <ul className="billing__list" aria-label="Payments">
              {financials.payments.data.map((payment) => (
                <li key={payment.id} className="billing__item" data-charge={payment.id}>
                  <div className="billing__row">
                    <span className="billing__title">{formatMoney(payment.amount, payment.currency)}</span>
                    <span className="billing__meta">{billingDate(payment.created)}</span>
                  </div>
                  {payment.description && <div className="billing__meta">{payment.description}</div>}
                  {payment.refunds.map((refund) => (
                    <div key={refund.id + String(refund.created)} className="billing__refund">
                      {refund.id === PENDING_REFUND_ID ? 'Refunding' : 'Refunded'} {formatMoney(refund.amount, refund.currency)}
                      {refund.reason ? ` · ${refund.reason}` : ''}
                    </div>
                  ))}
                  {mayRefund && refundable(payment) > 0 && payment.status === 'succeeded' && (
                    <div className="billing__row">
                      <span />
                      <Button size="small" variant="ghost" onClick={() => setRefunding(payment)}>
                        Refund
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!(mayRefund && mayCancel) && (financials.payments.data.length > 0 || financials.subscriptions.latest.length > 0) && (
            <p className="billing__meta billing__permission">Refunds and cancels need a permission an administrator grants on the Team page.</p>
          )}
        </>
      )}
      <RefundDialog
        payment={refunding}
        contactName={contactName}
        hasConversation={conversationId !== null}
        onClose={() => setRefunding(null)}
        onRefund={(amount, reason) =>
          refunding && mutate({ kind: 'refund-payment', contact_id: contact.id, charge_id: refunding.id, amount, reason, conversation_id: conversationId })
        }
      />
      <CancelSubscriptionDialog
        subscription={cancelling}
        contactName={contactName}
        hasConversation={conversationId !== null}
        onClose={() => setCancelling(null)}
        onCancel={(when) =>
          cancelling && mutate({ kind: 'cancel-subscription', contact_id: contact.id, subscription_id: cancelling.id, when, conversation_id: conversationId })
        }
      />
      <LinkDialog
        request={linking}
        contactName={contactName}
        onClose={() => setLinking(null)}
        onDone={({ source, action }) =>
          mutate({ kind: action === 'confirm' ? 'confirm-payment-email' : 'unlink-payment-email', contact_id: contact.id, email: source.email, source: 'stripe' })
        }
      />
    </section>
  );
}
