import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import type { AccountResponse } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { PasswordFields } from '../../forms/PasswordFields';
import { useFormErrors } from '../../forms/use-form-errors';
import { useSignedIn } from '../../session/signed-in-context';
import { newPasswordForm } from '../auth/new-password-form';

// Current password first, so the first problem reported is the first field on screen.
const changePasswordForm = z
  .object({ current_password: z.string().min(1, { error: 'is required' }) })
  .and(newPasswordForm);

const EMPTY = { current_password: '', password: '', confirmation: '' };

export function ChangePasswordPanel() {
  const { agent, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [values, setValues] = useState(EMPTY);

  function change(field: keyof typeof EMPTY, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(changePasswordForm, values);
    if (!checked) return;
    await form.submit(async () => {
      const body = { password: checked.password, current_password: checked.current_password };
      setProfile(await api.patch<AccountResponse>(apiPaths.account, body));
      setValues(EMPTY);
      show({ title: 'Password changed', tone: 'success', key: 'password-changed' });
    });
  }

  return (
    <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="panel__header">
        <h2 className="panel__title">Change password</h2>
        <p className="panel__description">You'll need your current password.</p>
      </div>
      <div className="panel__body">
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <input type="email" name="username" autoComplete="username" value={agent.email} readOnly hidden />
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          error={form.field('current_password')}
          onChange={(event) => change('current_password', event.target.value)}
        />
        <PasswordFields
          label="New password"
          value={values.password}
          onChange={(value) => change('password', value)}
          confirmation={{ value: values.confirmation, onChange: (value) => change('confirmation', value) }}
          error={form.field}
        />
      </div>
      <div className="panel__footer">
        <Button type="submit" variant="primary" loading={form.busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}
