import { useState } from 'react';
import type { EmailChannel } from '../../../protocol/api/channels';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';

type RemoveAddressModalProps = { channel: EmailChannel | null; onClose: () => void; onRemoved: (channel: EmailChannel) => void };

/** The confirmation of `DELETE organization/channels/{email}`: mail to it stops reaching the inbox. */
export function RemoveAddressModal({ channel, onClose, onRemoved }: RemoveAddressModalProps) {
  const api = useApi();
  const { show } = useToasts();
  const form = useFormErrors();
  // The closing dialog keeps naming the address while it animates out.
  const [shown, setShown] = useState(channel);
  if (channel !== null && channel !== shown) setShown(channel);

  function close() {
    form.clear();
    onClose();
  }

  async function confirm() {
    if (!channel) return;
    await form.submit(async () => {
      await api.del(apiPaths.channel(channel.email));
      onRemoved(channel);
      show({ tone: 'success', title: `${channel.email} removed` });
      close();
    });
  }

  const email = shown?.email ?? '';
  return (
    <Modal
      open={channel !== null}
      onClose={close}
      title={`Remove ${email}?`}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" loading={form.busy} onClick={() => void confirm()}>
            Remove address
          </Button>
        </>
      }
    >
      {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
      <p>
        Mail sent to <strong>{email}</strong> will no longer reach your inbox, and replies in its conversations can no longer be sent from it. The
        conversations themselves stay.
      </p>
    </Modal>
  );
}
