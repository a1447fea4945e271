import type { PaymentSource } from '../../../../../protocol/billing/financials';
import { Button } from '../../../../components/Button';
import { Modal } from '../../../../components/Modal';

export type LinkRequest = { source: PaymentSource; action: 'confirm' | 'unlink' };

/** Confirming a suggested Stripe customer, or unlinking a confirmed one, with what follows. */
export function LinkDialog({ request, contactName, onClose, onDone }: { request: LinkRequest | null; contactName: string; onClose: () => void; onDone: (request: LinkRequest) => void }) {
  if (!request) return <Modal open={false} onClose={onClose} title="Payment email" />;
  const { source, action } = request;
  const customers = source.customer_ids.length === 1 ? `the Stripe customer ${source.customer_ids[0] ?? ''}` : `${source.customer_ids.length} Stripe customers`;
  const confirm = action === 'confirm';
  return (
    <Modal
      open
      onClose={onClose}
      title={confirm ? 'Confirm the Stripe customer' : 'Unlink the payment email'}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant={confirm ? 'primary' : 'danger'}
            onClick={() => {
              onDone(request);
              onClose();
            }}
          >
            {confirm ? 'Confirm' : 'Unlink'}
          </Button>
        </>
      }
    >
      <p className="billing-dialog__statement">
        {confirm
          ? `${source.email} (${customers}) becomes ${contactName}’s payment email. Every agent then sees their payments and subscriptions here and can refund or cancel them. You are recorded as the one who confirmed it.`
          : `${source.email} is no longer ${contactName}’s payment email: their payments and subscriptions leave this panel. Nothing changes in Stripe.`}
      </p>
    </Modal>
  );
}
