import { useState } from 'react';
import type { Payment } from '../../../../../protocol/billing/financials';
import { refundMinorUnits } from '../../../../../protocol/billing/financials-patch';
import { currencyDecimals, exactMinorUnits, formatMoney, toMajorUnits } from '../../../../../protocol/billing/money';
import { Button } from '../../../../components/Button';
import { Modal } from '../../../../components/Modal';
import { TextField } from '../../../../components/TextField';
import { billingDate, refundable } from './billing-text';

type RefundDialogProps = {
  payment: Payment | null;
  contactName: string;
  /** The conversation the note goes on; null from the contact page (no note). */
  hasConversation: boolean;
  onClose: () => void;
  onRefund: (amount: number | null, reason: string) => void;
};

/**
 * A refund, after saying exactly what happens: how much of which payment goes back, that Stripe
 * does it and it cannot be taken back, and where the note goes. The amount is typed in the
 * payment's major unit (12.50); empty or the whole rest refunds everything left.
 */
export function RefundDialog({ payment, contactName, hasConversation, onClose, onRefund }: RefundDialogProps) {
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!payment) return <Modal open={false} onClose={onClose} title="Refund" />;
  const left = refundable(payment);
  const typed = amountText.trim() === '' ? null : Number(amountText.replace(',', '.'));
  // 0.001 or 12.345 dollars are no amount Stripe can refund: refused here as on the server.
  const typedMinor = typed === null ? left : (exactMinorUnits(typed, payment.currency) ?? Number.NaN);
  const valid = Number.isFinite(typedMinor) && typedMinor > 0 && typedMinor <= left;
  const minor = valid ? refundMinorUnits(payment, typed) : 0;
  const whole = minor === left && payment.amount_refunded === 0;
  const money = formatMoney(minor, payment.currency);

  function close() {
    setAmountText('');
    setReason('');
    setError(null);
    onClose();
  }

  function submit() {
    if (!valid) return setError(`Enter an amount up to ${formatMoney(left, payment?.currency)}, with at most ${currencyDecimals(payment?.currency)} decimals.`);
    if (reason.trim() === '') return setError('Say why: the reason goes to Stripe and into the note.');
    onRefund(typed !== null && minor !== left ? typed : null, reason.trim());
    close();
  }

  return (
    <Modal
      open
      onClose={close}
      title="Refund a payment"
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" disabled={!valid || reason.trim() === ''} onClick={submit}>
            Refund {valid ? money : ''}
          </Button>
        </>
      }
    >
      <form
        className="billing-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={`Amount (${payment.currency.toUpperCase()})`}
          name="amount"
          inputMode="decimal"
          placeholder={String(toMajorUnits(left, payment.currency))}
          value={amountText}
          hint={`Up to ${formatMoney(left, payment.currency)}; empty refunds all of it.`}
          onChange={(event) => {
            setAmountText(event.target.value);
            setError(null);
          }}
        />
        <div className="field">
          <div className="field__label-row">
            <label className="field__label" htmlFor="refund-reason">
              Reason
            </label>
          </div>
          <div className="field__control">
            <textarea id="refund-reason" className="field__input field__textarea" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
        </div>
        {error && (
          <p className="billing-dialog__error" role="alert">
            {error}
          </p>
        )}
        <p className="billing-dialog__statement" data-testid="refund-statement">
          {valid
            ? `Stripe refunds ${money} ${whole ? 'of' : 'from'} the ${formatMoney(payment.amount, payment.currency)} payment of ${billingDate(payment.created)} to ${contactName}’s card. A refund cannot be taken back.`
            : `Enter an amount up to ${formatMoney(left, payment.currency)}.`}{' '}
          {hasConversation ? 'An internal note with the amount and reason is left on this conversation.' : ''}
        </p>
      </form>
    </Modal>
  );
}
