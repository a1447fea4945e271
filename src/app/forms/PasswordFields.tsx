import { PASSWORD_MIN_LENGTH } from '../../protocol/constants';
import { TextField } from '../components/TextField';

/** The second field, where the new password is typed again (changing or resetting one). */
export type PasswordConfirmation = { value: string; onChange: (value: string) => void };

type PasswordFieldsProps = {
  /** "Password" for a new account, "New password" when one replaces another. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  confirmation?: PasswordConfirmation;
  /** A field's error from the form (`password`, `confirmation`). */
  error: (field: 'password' | 'confirmation') => string | undefined;
  autoFocus?: boolean;
};

/**
 * The fields of a password being chosen, with the length it needs (the server's rule): named
 * new-password so that a password manager offers to generate and save it.
 */
export function PasswordFields({ label, value, onChange, confirmation, error, autoFocus = false }: PasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={value}
        error={error('password')}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        onChange={(event) => onChange(event.target.value)}
      />
      {confirmation && (
        <TextField
          label="Confirm new password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation.value}
          error={error('confirmation')}
          onChange={(event) => confirmation.onChange(event.target.value)}
        />
      )}
    </>
  );
}
