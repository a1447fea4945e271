import { useId } from 'react';
import { MAX_SIGNATURE_LENGTH } from '../../../protocol/api/requests';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { FieldMessages, describedBy } from '../../components/FieldMessages';

const HINT = 'Added under your email replies (not chat or notes). Leave empty for none.';

/** The agent's email signature: a few plain lines. */
export function SignatureField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          Email signature
        </label>
        <span className="field__counter" aria-hidden="true">
          {value.length}/{MAX_SIGNATURE_LENGTH}
        </span>
      </div>
      <div className="field__control">
        <textarea
          id={id}
          name="signature"
          className="field__input field__textarea"
          rows={3}
          maxLength={MAX_SIGNATURE_LENGTH}
          value={value}
          placeholder={'Ana Lima\nCustomer support'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, HINT, error)}
          onChange={(event) => onChange(withoutControlCharacters(event.target.value, 'multi'))}
        />
      </div>
      <FieldMessages id={id} hint={HINT} error={error} />
    </div>
  );
}
