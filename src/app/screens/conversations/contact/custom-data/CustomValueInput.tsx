import { useState } from 'react';
import { customValueError, type CustomField, type CustomValue } from '../../../../../protocol/custom-data/custom-fields';

type InputProps = { field: CustomField; value: CustomValue | undefined; onSave: (value: CustomValue | null) => void };

const text = (value: CustomValue | undefined) => (value === undefined ? '' : String(value));

/** The typed value of what is in the box; null for an empty box (clears the value). */
function parse(field: CustomField, raw: string): CustomValue | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (field.type === 'number' || field.type === 'money') return Number(trimmed.replace(',', '.'));
  if (field.type === 'yes_no') return trimmed === 'yes';
  return field.type === 'text' ? raw : trimmed;
}

/**
 * One custom data value in the side panel: a box fitting its type, saved when it is left (or a
 * choice is picked), refused on the spot with the server's own rule (customValueError).
 */
export function CustomValueInput({ field, value, onSave }: InputProps) {
  const stored =
    field.type === 'yes_no' && value !== undefined
      ? value
        ? 'yes'
        : 'no'
      : field.type === 'money' && typeof value === 'number' && !Number.isInteger(value)
        ? value.toFixed(2)
        : text(value);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What was typed or picked shows until the stored value changes (the optimistic write lands a
  // moment later, or another agent's change arrives).
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setDraft(null);
  }
  const shown = draft ?? stored;
  const id = `custom-${field.id}`;

  function save(raw: string) {
    if (raw === stored) {
      setDraft(null);
      return setError(null);
    }
    const next = parse(field, raw);
    const problem = customValueError(field, next);
    setError(problem);
    setDraft(raw);
    if (!problem) onSave(next);
  }

  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, className: 'field__input custom-value__input' };
  let control;
  if (field.type === 'choice' || field.type === 'yes_no') {
    const options = field.type === 'choice' ? field.options.map((option) => ({ value: option, label: option })) : [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
    control = (
      <select {...common} value={shown} onChange={(event) => save(event.target.value)}>
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const type = field.type === 'date' ? 'date' : field.type === 'number' || field.type === 'money' ? 'text' : field.type === 'link' ? 'url' : 'text';
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.type === 'number' || field.type === 'money' ? 'decimal' : undefined}
        value={shown}
        placeholder={field.type === 'money' ? '0.00' : field.type === 'link' ? 'https://' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (field.type === 'date') save(event.target.value);
        }}
        onBlur={(event) => field.type !== 'date' && save(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save(event.currentTarget.value);
          if (event.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
      />
    );
  }
  return (
    <div className="custom-value">
      <label className="custom-value__label" htmlFor={id}>
        {field.label}
        {field.type === 'money' ? ' (USD)' : ''}
      </label>
      {control}
      {error && (
        <span className="custom-value__error" id={`${id}-error`} role="alert">
          {field.label} {error}
        </span>
      )}
    </div>
  );
}
