import { useState } from 'react';
import type { FormEvent } from 'react';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';

export type NameRequest = { title: string; action: string; initial: string; onSave: (name: string) => void } | null;

/** Names a new category or renames one; an empty name is not offered. */
export function CategoryNameModal({ request, onClose }: { request: NameRequest; onClose: () => void }) {
  const [shown, setShown] = useState(request);
  const [name, setName] = useState(request?.initial ?? '');
  if (request !== null && request !== shown) {
    setShown(request);
    setName(request.initial);
  }
  const trimmed = name.trim();

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (!request || trimmed === '') return;
    request.onSave(trimmed);
    onClose();
  }

  return (
    <Modal
      open={request !== null}
      onClose={onClose}
      title={shown?.title ?? ''}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={trimmed === ''} onClick={() => save()}>
            {shown?.action ?? 'Save'}
          </Button>
        </>
      }
    >
      <form onSubmit={save}>
        <TextField label="Name" name="name" value={name} autoFocus maxLength={120} onChange={(event) => setName(withoutControlCharacters(event.target.value, 'single'))} />
      </form>
    </Modal>
  );
}
