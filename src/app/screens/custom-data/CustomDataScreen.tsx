import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Organization } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPES, CUSTOM_KEY_PATTERN, type CustomField, type CustomFieldEntity, type CustomFieldType } from '../../../protocol/custom-data/custom-fields';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { keyFromLabel, newFieldId, useCustomFields } from './use-custom-fields';

const ENTITY_TITLES: Record<CustomFieldEntity, string> = { contact: 'Contact fields', conversation: 'Conversation fields' };

/**
 * `custom-data` (§6 `custom_data.update`): turn custom data on, and define the fields agents fill
 * in the side panel, for contacts and for conversations. Field edits are mutations (offline too).
 */
export default function CustomDataScreen() {
  const { agent, organization, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const [busy, setBusy] = useState(false);

  async function toggle(enabled: boolean) {
    setBusy(true);
    try {
      const updated = await api.request<Organization>('PUT', apiPaths.customDataEnabled, { enabled });
      setProfile({ agent, organization: updated });
    } catch {
      show({ tone: 'error', title: 'Custom data could not be changed. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <PageHeader title="Custom data" description="Fields your team keeps on contacts and conversations, shown in the side panel and searchable with data.<key>:<value>." />
      <section className="panel">
        <div className="panel__body">
          <label className="billing-dialog__choice">
            <input type="checkbox" checked={organization.is_custom_data_enabled} disabled={busy} onChange={(event) => void toggle(event.target.checked)} />
            Custom data is {organization.is_custom_data_enabled ? 'on' : 'off'}
          </label>
        </div>
      </section>
      {organization.is_custom_data_enabled && (['contact', 'conversation'] as const).map((entity) => <FieldList key={entity} entity={entity} />)}
    </div>
  );
}

function FieldList({ entity }: { entity: CustomFieldEntity }) {
  const fields = useCustomFields(entity);
  const { mutate } = useSyncActions();
  const [removing, setRemoving] = useState<CustomField | null>(null);
  return (
    <section className="panel" aria-labelledby={`fields-${entity}`}>
      <div className="panel__header">
        <h2 className="panel__title" id={`fields-${entity}`}>
          {ENTITY_TITLES[entity]}
        </h2>
      </div>
      <div className="panel__body">
        {fields?.length === 0 && <p className="billing__none">No fields yet.</p>}
        {fields && fields.length > 0 && (
          <ul className="billing__list" aria-label={ENTITY_TITLES[entity]}>
            {fields.map((field) => (
              <li key={field.id} className="billing__item">
                <div className="billing__row">
                  <span className="billing__title">{field.label}</span>
                  <Button size="small" variant="ghost" onClick={() => setRemoving(field)}>
                    Delete
                  </Button>
                </div>
                <span className="billing__meta">
                  data.{field.key} · {CUSTOM_FIELD_TYPE_LABELS[field.type]}
                  {field.type === 'choice' ? `: ${field.options.join(', ')}` : ''}
                  {field.required ? ' · required' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        <AddFieldForm entity={entity} taken={new Set(fields?.map((field) => field.key))} />
      </div>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Delete the field"
        footer={
          <>
            <Button onClick={() => setRemoving(null)}>Cancel</Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing) mutate({ kind: 'delete-custom-field', id: removing.id });
                setRemoving(null);
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>“{removing?.label}” and its value on every {entity} are deleted. Inboxes filtering on data.{removing?.key} then match nothing.</p>
      </Modal>
    </section>
  );
}

function AddFieldForm({ entity, taken }: { entity: CustomFieldEntity; taken: ReadonlySet<string> }) {
  const { mutate } = useSyncActions();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [options, setOptions] = useState('');
  const [required, setRequired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = keyFromLabel(label);

  function submit(event: FormEvent) {
    event.preventDefault();
    const choices = options.split(',').map((option) => option.trim()).filter(Boolean);
    if (!label.trim() || !CUSTOM_KEY_PATTERN.test(key)) return setError('Name the field with at least one letter.');
    if (taken.has(key)) return setError(`data.${key} is already a field.`);
    if (type === 'choice' && choices.length === 0) return setError('List the choices, separated by commas.');
    mutate({ kind: 'create-custom-field', id: newFieldId(), entity, key, label: label.trim(), type, options: type === 'choice' ? choices : [], required, min: null, max: null });
    setLabel('');
    setOptions('');
    setRequired(false);
    setError(null);
  }

  return (
    <form className="custom-field-form" onSubmit={submit} aria-label={`Add a ${entity} field`}>
      <TextField label="Field name" name={`${entity}-label`} value={label} hint={key ? `Searched as data.${key}:…` : undefined} onChange={(event) => setLabel(event.target.value)} />
      <Select
        label="Type"
        name={`${entity}-type`}
        value={type}
        options={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: CUSTOM_FIELD_TYPE_LABELS[value] }))}
        onChange={(event) => setType(event.target.value as CustomFieldType)}
      />
      {type === 'choice' && <TextField label="Choices" name={`${entity}-options`} placeholder="free, pro, team" value={options} onChange={(event) => setOptions(event.target.value)} />}
      <label className="billing-dialog__choice">
        <input type="checkbox" checked={required} onChange={(event) => setRequired(event.target.checked)} />
        Required
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <Button type="submit">Add field</Button>
      </div>
    </form>
  );
}
