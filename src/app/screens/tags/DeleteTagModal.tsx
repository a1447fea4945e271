import { useState } from 'react';
import type { TagDeleteResponse, TagInUseResponse } from '../../../protocol/api/conversation-actions';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { RequestFailure, toFailure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { conversationCount, type TagUsage } from './use-tag-usage';

type DeleteTagModalProps = { tag: TagUsage | null; onClose: () => void };

/**
 * The confirmation of `DELETE tags/{slug}`: it says how many conversations carry the tag and
 * then forces. When the server counts differently (a teammate tagged one meanwhile) its 409
 * brings the real count and asks again.
 */
export function DeleteTagModal({ tag, onClose }: DeleteTagModalProps) {
  const api = useApi();
  const { show } = useToasts();
  const form = useFormErrors();
  const [serverCount, setServerCount] = useState<number | null>(null);
  // The closing dialog keeps showing the tag it was about while it animates out.
  const [shown, setShown] = useState(tag);
  if (tag !== null && tag !== shown) setShown(tag);
  const count = serverCount ?? shown?.conversations ?? 0;

  function close() {
    form.clear();
    setServerCount(null);
    onClose();
  }

  async function confirm() {
    if (!tag) return;
    await form.submit(
      async () => {
        const done = await api.del<TagDeleteResponse>(apiPaths.tag(tag.slug, count > 0));
        show({ tone: 'success', title: `Tag “${tag.name}” deleted`, ...(done.conversations > 0 ? { body: `Removed from ${conversationCount(done.conversations)}.` } : {}) });
        close();
      },
      {
        handle: (caught) => {
          const failure = toFailure(caught);
          if (!(caught instanceof RequestFailure && failure.kind === 'http' && failure.status === 409)) return false;
          setServerCount((failure.body as Partial<TagInUseResponse> | null)?.conversations ?? count);
          return true;
        },
      },
    );
  }

  const name = shown?.name ?? '';
  return (
    <Modal
      open={tag !== null}
      onClose={close}
      title={`Delete the tag “${name}”?`}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" loading={form.busy} onClick={() => void confirm()}>
            {count > 0 ? `Delete from ${conversationCount(count)}` : 'Delete tag'}
          </Button>
        </>
      }
    >
      {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
      {count > 0 ? (
        <p>
          {serverCount !== null && 'A teammate changed it meanwhile: '}
          It is used by <strong>{conversationCount(count)}</strong>. Deleting it removes it from all of them. This cannot be undone.
        </p>
      ) : (
        <p>No conversation uses it. This cannot be undone.</p>
      )}
    </Modal>
  );
}
