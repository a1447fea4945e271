import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import type { AgentInvite } from '../../../protocol/api/models';
import { emailField } from '../../../protocol/api/fields';
import { apiPaths } from '../../../protocol/api/routes';
import { INVITE_TTL_MS } from '../../../protocol/constants';
import { holdsAll, ROLE_PRESETS } from '../../../protocol/roles';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { useSignedIn } from '../../session/signed-in-context';
import { isRolePreset, ROLE_DESCRIPTIONS, ROLE_PRESET_ORDER, rolesOf } from './role-preset';
import type { RolePreset } from './role-preset';

const inviteForm = z.object({ email: emailField });
const DAY_MS = 24 * 3600_000;

const ROLE_OPTIONS = ROLE_PRESET_ORDER.map((value) => ({ value, label: ROLE_DESCRIPTIONS[value] }));

export function InviteForm({ onInvited }: { onInvited: (invite: AgentInvite) => void }) {
  const api = useApi();
  const { agent: me } = useSignedIn();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RolePreset>('agent');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(inviteForm, { email });
    if (!checked) return;
    await form.submit(async () => {
      const invite = await api.post<AgentInvite>(apiPaths.agentInvite(checked.email), { roles: rolesOf(role) });
      onInvited(invite);
      setEmail('');
      show({ title: 'Invitation sent', body: `We've emailed ${invite.email} a link to join.`, tone: 'success' });
    });
  }

  return (
    <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="panel__header">
        <h2 className="panel__title">Invite a teammate</h2>
        <p className="panel__description">They'll get an email with a link to join. The link works for {INVITE_TTL_MS / DAY_MS} days.</p>
      </div>
      <div className="panel__body">
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <div className="invite-form">
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            value={email}
            error={form.field('email')}
            onChange={(event) => {
              setEmail(event.target.value);
              form.clearField('email');
            }}
          />
          <Select
            label="Role"
            name="roles"
            value={role}
            options={ROLE_OPTIONS.map((option) => ({ ...option, disabled: !holdsAll(me, ROLE_PRESETS[option.value]) }))}
            error={form.field('roles')}
            onChange={(event) => setRole(isRolePreset(event.target.value) ? event.target.value : 'agent')}
          />
          <Button type="submit" variant="primary" loading={form.busy} className="invite-form__submit">
            Send invite
          </Button>
        </div>
      </div>
    </form>
  );
}
