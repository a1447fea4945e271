import { useLiveQuery } from 'dexie-react-hooks';
import type { CustomField, CustomFieldEntity } from '../../../protocol/custom-data/custom-fields';
import { useInboxDb } from '../../sync/sync-context';

/** The organization's custom data fields on this device (live), in their order; of one kind if given. */
export function useCustomFields(entity?: CustomFieldEntity): CustomField[] | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const fields = await db.custom_fields.toArray();
    return fields.filter((field) => !entity || field.entity === entity).sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
  }, [db, entity]);
}

/** A field key from its label: `Order value` → `order_value`. */
export function keyFromLabel(label: string): string {
  const key = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);
  return key;
}

export function newFieldId(): string {
  return `cf-${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
}
