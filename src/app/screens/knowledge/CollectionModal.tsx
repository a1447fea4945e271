import { useState } from 'react';
import type { FormEvent } from 'react';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import type { KnowledgeCollection } from '../../../protocol/documents';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';

export type CollectionFields = { name: string; icon: string; description: string };

export type CollectionRequest = { title: string; action: string; collection: KnowledgeCollection | null; onSave: (fields: CollectionFields) => void } | null;

/** Creates a collection or edits one: its name, an icon (an emoji) and a line that describes it. */
export function CollectionModal({ request, onClose }: { request: CollectionRequest; onClose: () => void }) {
  const [shown, setShown] = useState(request);
  const [fields, setFields] = useState<CollectionFields>({ name: '', icon: '', description: '' });
  if (request !== null && request !== shown) {
    setShown(request);
    setFields({ name: request.collection?.name ?? '', icon: request.collection?.icon ?? '', description: request.collection?.description ?? '' });
  }
  const name = fields.name.trim();
  const set = (field: keyof CollectionFields) => (value: string) => setFields((current) => ({ ...current, [field]: withoutControlCharacters(value, 'single') }));

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (!request || name === '') return;
    request.onSave({ name, icon: fields.icon.trim(), description: fields.description.trim() });
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
          <Button variant="primary" disabled={name === ''} onClick={() => save()}>
            {shown?.action ?? 'Save'}
          </Button>
        </>
      }
    >
      <form onSubmit={save} className="stack">
        <TextField label="Name" name="name" value={fields.name} autoFocus maxLength={120} onChange={(event) => set('name')(event.target.value)} />
        <TextField label="Icon" name="icon" hint="An emoji shown beside the name, e.g. 💳" value={fields.icon} maxLength={16} onChange={(event) => set('icon')(event.target.value)} />
        <TextField label="Description" name="description" value={fields.description} maxLength={300} onChange={(event) => set('description')(event.target.value)} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
