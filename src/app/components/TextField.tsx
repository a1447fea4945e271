import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldMessages, describedBy } from './FieldMessages';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Fixed text shown before the input, e.g. the host before a domain slug. */
  prefix?: string;
  /** A link or button beside the label, e.g. "Forgot your password?". */
  labelAside?: ReactNode;
  /** Keeps the label for screen readers only, where the context already names the control. */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose hint and error are announced with it (aria-describedby). */
export function TextField({ label, name, error, hint, prefix, labelAside, hideLabel = false, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={inputId}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className="field__control">
        {prefix && (
          <span className="field__affix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...input}
          id={inputId}
          name={name}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
        />
      </div>
      <FieldMessages id={inputId} hint={hint} error={error} />
    </div>
  );
}
