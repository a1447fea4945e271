import { useState } from 'react';
import type { FormEvent } from 'react';
import { withoutControlCharacters } from '../../protocol/api/text-fields';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextField } from './TextField';

/** A field after the name, which may stay empty (a collection's icon, its description). */
export type NameDialogField<K extends string> = { key: K; label: string; hint?: string; maxLength: number };

/** What the dialog edits: the name, and the value of each further field. */
export type NameDialogValues<K extends string> = { name: string } & Record<K, string>;

/** Opens the dialog: null keeps it closed. */
export type NameDialogRequest<K extends string = never> = {
  title: string;
  /** The primary button's text, e.g. "Create category" or "Rename". */
  action: string;
  initial: NameDialogValues<K>;
  /** Receives the values trimmed; never called with an empty name. */
  onSave: (values: NameDialogValues<K>) => void;
} | null;

type NameDialogProps<K extends string> = {
  request: NameDialogRequest<K>;
  onClose: () => void;
  fields?: readonly NameDialogField<K>[];
};

const NAME_MAX_LENGTH = 120;

function trimmed<K extends string>(values: NameDialogValues<K>): NameDialogValues<K> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as NameDialogValues<K>;
}

/**
 * Names a new thing or renames one (a snippet category, a knowledge collection with its icon and
 * description): one-line fields without control characters, and no action while the name is empty.
 */
export function NameDialog<K extends string = never>({ request, onClose, fields = [] }: NameDialogProps<K>) {
  // The request that opened the dialog stays shown while it animates closed.
  const [shown, setShown] = useState(request);
  const [values, setValues] = useState<NameDialogValues<K> | null>(request?.initial ?? null);
  if (request !== null && request !== shown) {
    setShown(request);
    setValues(request.initial);
  }
  const name = values?.name.trim() ?? '';
  const set = (key: 'name' | K) => (value: string) =>
    setValues((current) => (current ? { ...current, [key]: withoutControlCharacters(value, 'single') } : current));

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (!request || !values || name === '') return;
    request.onSave(trimmed(values));
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
        <TextField label="Name" name="name" value={values?.name ?? ''} autoFocus maxLength={NAME_MAX_LENGTH} onChange={(event) => set('name')(event.target.value)} />
        {fields.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            hint={field.hint}
            value={values?.[field.key] ?? ''}
            maxLength={field.maxLength}
            onChange={(event) => set(field.key)(event.target.value)}
          />
        ))}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
