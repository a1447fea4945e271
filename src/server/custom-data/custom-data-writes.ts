import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { customFieldCreateBody, customFieldUpdateBody } from '../../protocol/api/custom-data-requests';
import { customValueError, type CustomData, type CustomField, type CustomFieldEntity, type CustomValue } from '../../protocol/custom-data/custom-fields';
import type { Contact, Conversation } from '../../protocol/documents';
import { toContact } from '../contacts/contact-model';
import { toConversation } from '../conversations/conversation-model';
import type { CustomFieldsTable } from './custom-data-tables';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { readCustomData, toCustomField } from './custom-field-model';

export const CUSTOM_DATA_ERRORS = {
  off: 'Custom data is off for this organization: turn it on in Settings → Custom data.',
} as const;

export async function listCustomFields(write: Write, entity?: CustomFieldEntity): Promise<CustomField[]> {
  let query = write.trx.selectFrom('custom_fields').selectAll().where('org_id', '=', write.orgId);
  if (entity) query = query.where('entity', '=', entity);
  return (await query.orderBy('sort').orderBy('id').execute()).map(toCustomField);
}

async function findField(write: Write, id: string): Promise<CustomField> {
  const row = await write.trx.selectFrom('custom_fields').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toCustomField(row);
}

function assertBounds(field: Pick<CustomField, 'type' | 'options' | 'min' | 'max'>): void {
  if (field.type === 'choice' && field.options.length === 0) throw fieldError('options', 'must list at least one choice');
  if (field.min !== null && field.max !== null && field.min > field.max) throw fieldError('max', 'must be at least min');
}

/** `POST custom-data/`: a new field at the end of its kind's list; a key already used is a 409. */
export async function createCustomField(write: Write, input: z.output<typeof customFieldCreateBody>): Promise<CustomField> {
  const taken = await write.trx
    .selectFrom('custom_fields')
    .select(['id', 'key'])
    .where('org_id', '=', write.orgId)
    .where((eb) => eb.or([eb('id', '=', input.id), eb('key', '=', input.key)]))
    .executeTakeFirst();
  if (taken) throw new HttpError(409, { errors: taken.id === input.id ? { id: 'is already used' } : { key: 'is already used by another field' } });
  const options = input.type === 'choice' ? [...new Set(input.options)] : [];
  assertBounds({ ...input, options });
  const sort = (await listCustomFields(write, input.entity)).length;
  return write.change('custom_fields', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('custom_fields')
      .values({
        org_id: write.orgId,
        id: input.id,
        entity: input.entity,
        key: input.key,
        label: input.label,
        type: input.type,
        options: writeJsonColumn(options),
        required: input.required ? 1 : 0,
        min: input.min,
        max: input.max,
        sort,
        created_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCustomField(row);
  });
}

/** `PATCH custom-data/{id}`. */
export async function updateCustomField(write: Write, id: string, input: z.output<typeof customFieldUpdateBody>): Promise<CustomField> {
  const field = await findField(write, id);
  const next: CustomField = {
    ...field,
    label: input.label ?? field.label,
    options: field.type === 'choice' ? (input.options ?? field.options) : [],
    required: input.required ?? field.required,
    min: input.min === undefined ? field.min : input.min,
    max: input.max === undefined ? field.max : input.max,
    sort: input.sort ?? field.sort,
  };
  assertBounds(next);
  const values: Updateable<CustomFieldsTable> = {
    label: next.label,
    options: writeJsonColumn([...new Set(next.options)]),
    required: next.required ? 1 : 0,
    min: next.min,
    max: next.max,
    sort: next.sort,
  };
  return write.change('custom_fields', 'update', async (version) => {
    const row = await write.trx.updateTable('custom_fields').set({ ...values, version }).where('org_id', '=', write.orgId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toCustomField(row);
  });
}

/** `DELETE custom-data/{id}`: the field and its values on every contact or conversation (each with its feed row). */
export async function deleteCustomField(write: Write, id: string): Promise<{ id: string }> {
  const field = await findField(write, id);
  const table = field.entity === 'contact' ? 'contacts' : 'conversations';
  const rows = await write.trx
    .selectFrom(table)
    .select(['id', 'custom_data'])
    .where('org_id', '=', write.orgId)
    .where('custom_data', 'like', `%${JSON.stringify(field.key)}:%`)
    .execute();
  for (const row of rows) {
    const data = readCustomData(row.custom_data);
    if (!(field.key in data)) continue;
    delete data[field.key];
    await writeCustomData(write, field.entity, row.id, data);
  }
  await write.remove('custom_fields', id, async () => {
    await write.trx.deleteFrom('custom_fields').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  return { id };
}

async function writeCustomData(write: Write, entity: CustomFieldEntity, id: number, data: CustomData): Promise<Contact | Conversation> {
  const text = Object.keys(data).length === 0 ? null : writeJsonColumn(data);
  if (entity === 'contact') {
    return write.change('contacts', 'update', async (version) => {
      const row = await write.trx.updateTable('contacts').set({ custom_data: text, version }).where('org_id', '=', write.orgId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      return toContact(row);
    });
  }
  return write.change('conversations', 'update', async (version) => {
    const row = await write.trx.updateTable('conversations').set({ custom_data: text, version }).where('org_id', '=', write.orgId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toConversation(row);
  });
}

/**
 * `PATCH contacts/{id}/data`, `PATCH conversations/{id}/data`: the values given, each checked
 * against its field (of that kind); null clears one. Keys are written in sorted order, so the
 * stored JSON reads the same however the values arrived (the inbox query compares JSON text).
 */
export async function setCustomData(write: Write, entity: CustomFieldEntity, id: number, values: Record<string, CustomValue | null>): Promise<Contact | Conversation> {
  const table = entity === 'contact' ? 'contacts' : 'conversations';
  const row = await write.trx.selectFrom(table).select(['id', 'custom_data']).where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const fields = new Map((await listCustomFields(write, entity)).map((field) => [field.key, field]));
  const errors: Record<string, string> = {};
  const data = readCustomData(row.custom_data);
  for (const [key, value] of Object.entries(values)) {
    const field = fields.get(key);
    const error = field ? customValueError(field, typeof value === 'string' && field.type !== 'text' ? value.trim() : value) : `is not a ${entity} field`;
    if (error) errors[`values.${key}`] = error;
    else if (value === null) delete data[key];
    else data[key] = typeof value === 'string' && field?.type !== 'text' ? value.trim() : value;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, { errors });
  const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return writeCustomData(write, entity, id, sorted);
}
