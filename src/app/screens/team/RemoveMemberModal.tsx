import { useState } from 'react';
import type { Agent } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { useSignedIn } from '../../session/signed-in-context';

type RemoveMemberModalProps = { agent: Agent | null; onClose: () => void; onRemoved: (agent: Agent) => void };

/** Confirms removing a teammate; open while `agent` is set. */
export function RemoveMemberModal({ agent, onClose, onRemoved }: RemoveMemberModalProps) {
  const { organization } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const form = useFormErrors();
  // Keep the last name on screen while the dialog animates closed.
  const [shown, setShown] = useState<Agent | null>(agent);
  if (agent && agent !== shown) setShown(agent);

  async function remove(target: Agent) {
    await form.submit(async () => {
      await api.del(apiPaths.agent(target.email));
      onRemoved(target);
      show({ title: `${target.name} was removed from the team`, tone: 'success' });
    });
  }

  return (
    <Modal
      open={agent !== null}
      onClose={() => {
        form.clear();
        onClose();
      }}
      title={`Remove ${shown?.name ?? 'teammate'}?`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" loading={form.busy} onClick={() => shown && void remove(shown)}>
            Remove teammate
          </Button>
        </>
      }
    >
      {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
      <p>
        {shown?.name} ({shown?.email}) will lose access to {organization.name} right away. Conversations they handled
        stay in the inbox.
      </p>
    </Modal>
  );
}
