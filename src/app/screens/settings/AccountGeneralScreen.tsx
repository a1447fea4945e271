import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { preferencesOf } from '../../../protocol/api/models';
import type { AccountResponse } from '../../../protocol/api/models';
import { updateAccountBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { AvatarPicker } from './AvatarPicker';
import { SignatureField } from './SignatureField';
import { SettingsTabs, accountTabs } from './SettingsTabs';
import { ThemeChoice, darkModeOf, themeValue } from './ThemeChoice';
import { WorkPreferences } from './WorkPreferences';

/** `account/general`: name, avatar, theme, email signature and how the agent likes to work. */
export default function AccountGeneralScreen() {
  const { slug, agent, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [name, setName] = useState(agent.name);
  const [avatar, setAvatar] = useState(agent.avatar ?? '');
  const [theme, setTheme] = useState(themeValue(agent.dark_mode));
  const [preferences, setPreferences] = useState(() => preferencesOf(agent));
  const [signature, setSignature] = useState(agent.signature ?? '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(updateAccountBody, { name, avatar: avatar || null, dark_mode: darkModeOf(theme), preferences, signature });
    if (!body) return;
    await form.submit(async () => {
      setProfile(await api.patch<AccountResponse>(apiPaths.account, body));
      show({ title: 'Changes saved', tone: 'success', key: 'account-saved' });
    });
  }

  return (
    <div className="page">
      <PageHeader title="Account" description="How your teammates and customers see you." />
      <SettingsTabs label="Account settings" tabs={accountTabs(slug)} />
      <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="panel__body">
          {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            error={form.field('name')}
            onChange={(event) => {
              setName(event.target.value);
              form.clearField('name');
            }}
          />
          <TextField label="Email" name="email" type="email" value={agent.email} readOnly hint="Your sign-in address." />
          <AvatarPicker
            name={name}
            email={agent.email}
            value={avatar}
            error={form.field('avatar')}
            onChange={(value) => {
              setAvatar(value);
              form.clearField('avatar');
            }}
          />
          <ThemeChoice value={theme} onChange={setTheme} />
          <WorkPreferences value={preferences} onChange={setPreferences} />
          <SignatureField
            value={signature}
            error={form.field('signature')}
            onChange={(value) => {
              setSignature(value);
              form.clearField('signature');
            }}
          />
        </div>
        <div className="panel__footer">
          <Button type="submit" variant="primary" loading={form.busy}>
            Save changes
          </Button>
        </div>
      </form>
    </div>
  );
}
