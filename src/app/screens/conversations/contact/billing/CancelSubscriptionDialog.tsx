import { useState } from 'react';
import type { CancelWhen } from '../../../../../protocol/api/billing-requests';
import type { SubscriptionSummary } from '../../../../../protocol/billing/financials';
import { Button } from '../../../../components/Button';
import { Modal } from '../../../../components/Modal';
import { billingDate, subscriptionPrice } from './billing-text';

type CancelDialogProps = {
  subscription: SubscriptionSummary | null;
  contactName: string;
  hasConversation: boolean;
  onClose: () => void;
  onCancel: (when: CancelWhen) => void;
};

/** Cancelling a subscription now or at the end of its period, with what each means said plainly. */
export function CancelSubscriptionDialog({ subscription, contactName, hasConversation, onClose, onCancel }: CancelDialogProps) {
  const [when, setWhen] = useState<CancelWhen>('period_end');
  if (!subscription) return <Modal open={false} onClose={onClose} title="Cancel subscription" />;
  const name = `${subscription.plan ?? subscription.id}${subscriptionPrice(subscription) ? ` (${subscriptionPrice(subscription)})` : ''}`;
  const end = subscription.current_period_end ? billingDate(subscription.current_period_end) : null;
  const statement =
    when === 'now'
      ? `Stripe ends ${contactName}’s ${name} subscription now. They lose access at once and nothing of the current period is refunded.`
      : `Stripe ends ${contactName}’s ${name} subscription at the end of the current period${end ? `, on ${end}` : ''}. They keep access until then and are not charged again.`;
  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel subscription"
      footer={
        <>
          <Button onClick={onClose}>Keep it</Button>
          <Button
            variant="danger"
            onClick={() => {
              onCancel(when);
              onClose();
            }}
          >
            {when === 'now' ? 'Cancel now' : 'Cancel at period end'}
          </Button>
        </>
      }
    >
      <fieldset className="billing-dialog">
        <legend className="visually-hidden">When</legend>
        <label className="billing-dialog__choice">
          <input type="radio" name="cancel-when" checked={when === 'period_end'} onChange={() => setWhen('period_end')} />
          At the end of the period{end ? ` (${end})` : ''}
        </label>
        <label className="billing-dialog__choice">
          <input type="radio" name="cancel-when" checked={when === 'now'} onChange={() => setWhen('now')} />
          Now
        </label>
        <p className="billing-dialog__statement">
          {statement} {hasConversation ? 'An internal note is left on this conversation.' : ''}
        </p>
      </fieldset>
    </Modal>
  );
}
