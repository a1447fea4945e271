import { z } from 'zod';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES, type CustomData, type CustomField } from '../../protocol/custom-data/custom-fields';
import type { CustomFieldRow } from './custom-data-tables';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean } from '../db/sql-boolean';

const optionsSchema = z.array(z.string());
const dataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export function toCustomField(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    entity: CUSTOM_FIELD_ENTITIES.find((entity) => entity === row.entity) ?? 'contact',
    key: row.key,
    label: row.label,
    type: CUSTOM_FIELD_TYPES.find((type) => type === row.type) ?? 'text',
    options: readJsonColumn(row.options, optionsSchema, []),
    required: fromSqlBoolean(row.required),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    sort: Number(row.sort),
    version: Number(row.version),
  };
}

/** A row's custom data column as values by key (an empty object when it has none). */
export function readCustomData(text: string | null): CustomData {
  return readJsonColumn(text, dataSchema, {});
}
