import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The hint and error lines under a field; ids follow describedBy. */
export function FieldMessages({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {error && (
        <p className="field__error" id={`${id}-error`} data-field-error>
          <Icon name="alert" size={14} />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </>
  );
}
