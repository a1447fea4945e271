import { useId } from 'react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldMessages, describedBy } from './FieldMessages';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Keeps the label for screen readers only, where the context already names the control. */
  hideLabel?: boolean;
  name: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: ReactNode;
};

export function Select({ label, hideLabel = false, name, options, error, hint, id, className, ...select }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={selectId}>
        {label}
      </label>
      <div className="field__control">
        <select
          {...select}
          id={selectId}
          name={name}
          className="field__input field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessages id={selectId} hint={hint} error={error} />
    </div>
  );
}
