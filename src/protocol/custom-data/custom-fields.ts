/**
 * Custom data (§1, §2 `custom-data`): fields the organization defines for contacts and for
 * conversations, and their values. A field's `key` (lowercase letters, digits, `_`) names it in
 * documents (`custom_data[key]`) and in the inbox query language (`data.<key>:<value>`); keys are
 * unique in an organization across both kinds, so a query needs no kind.
 */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'money', 'date', 'yes_no', 'choice', 'link'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_ENTITIES = ['contact', 'conversation'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  yes_no: 'Yes/no',
  choice: 'One of a list',
  link: 'Link',
};

/** A field definition: a synced document (collection `custom_fields`), keyed by the client's id. */
export type CustomField = {
  id: string;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  type: CustomFieldType;
  /** The choices of a `choice` field (in order); empty for the others. */
  options: string[];
  /** Optional validation: a value is required (it cannot be cleared), and bounds for numbers and money. */
  required: boolean;
  min: number | null;
  max: number | null;
  sort: number;
  version: number;
};

/** A value: text (text, date `YYYY-MM-DD`, choice, link), a number (number, money in major units), yes/no. */
export type CustomValue = string | number | boolean;
export type CustomData = Record<string, CustomValue>;

export const CUSTOM_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_CUSTOM_TEXT = 1000;

/** Why `value` does not fit the field (a field error's message), or null; null `value` clears it. */
export function customValueError(field: CustomField, value: CustomValue | null): string | null {
  if (value === null) return field.required ? 'is required' : null;
  const bounded = (n: number) =>
    field.min !== null && n < field.min ? `must be at least ${field.min}` : field.max !== null && n > field.max ? `must be at most ${field.max}` : null;
  switch (field.type) {
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? bounded(value) : 'must be a number';
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'must be yes or no';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : 'must be a date (YYYY-MM-DD)';
    case 'choice':
      return typeof value === 'string' && field.options.includes(value) ? null : `must be one of: ${field.options.join(', ')}`;
    case 'link':
      return typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) && value.length <= MAX_CUSTOM_TEXT ? null : 'must be an http(s) link';
    case 'text':
      if (typeof value !== 'string') return 'must be text';
      if (value.trim() === '') return field.required ? 'is required' : 'must not be blank (send null to clear it)';
      return value.length > MAX_CUSTOM_TEXT ? 'is too long' : null;
  }
}

/**
 * The JSON texts a query value `data.<key>:<raw>` stands for: the text itself, a number when it
 * reads as one (`3.0` is `3`), yes/no when it reads as one. Values are compared as JSON after
 * folding A–Z (see `foldInboxText`), the same on the server (SQL over the stored JSON) and in the
 * browser (over the document's `custom_data`).
 */
export function customValueLiterals(raw: string): string[] {
  const literals = [JSON.stringify(raw)];
  const lower = raw.toLowerCase();
  if (raw.trim() !== '' && Number.isFinite(Number(raw))) literals.push(JSON.stringify(Number(raw)));
  if (lower === 'yes' || lower === 'true') literals.push('true');
  if (lower === 'no' || lower === 'false') literals.push('false');
  return literals;
}

/** The text a stored value is compared as (JSON of the value). */
export const customValueLiteral = (value: CustomValue): string => JSON.stringify(value);
