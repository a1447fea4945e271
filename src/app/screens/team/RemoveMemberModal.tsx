import { useState } from 'react';
import type { Agent } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToasts } from '../../components/Toasts';
import { useSignedIn } from '../../session/signed-in-context';

type RemoveMemberModalProps = { agent: Agent | null; onClose: () => void; onRemoved: (agent: Agent) => void };

/** Confirms removing a teammate; open while `agent` is set. */
export function RemoveMemberModal({ agent, onClose, onRemoved }: RemoveMemberModalProps) {
  const { organization } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Keep the last name on screen while the dialog animates closed.
  const [shown, setShown] = useState<Agent | null>(agent);
  if (agent && agent !== shown) setShown(agent);

  async function remove(target: Agent) {
    setBusy(true);
    setError(null);
    try {
      await api.del(apiPaths.agent(target.email));
      onRemoved(target);
      show({ title: `${target.name} was removed from the team`, tone: 'success' });
    } catch (failure) {
      setError(failureText(toFailure(failure))?.message ?? null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={agent !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={`Remove ${shown?.name ?? 'teammate'}?`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" loading={busy} onClick={() => shown && void remove(shown)}>
            Remove teammate
          </Button>
        </>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      <p>
        {shown?.name} ({shown?.email}) will lose access to {organization.name} right away. Conversations they handled
        stay in the inbox.
      </p>
    </Modal>
  );
}
