import { useState } from 'react';
import type { Agent } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { holdsAll, ROLE_PRESETS } from '../../../protocol/roles';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Select } from '../../components/Select';
import { useToasts } from '../../components/Toasts';
import { useSignedIn } from '../../session/signed-in-context';
import { isRolePreset, ROLE_LABELS, ROLE_PRESET_ORDER, presetOf, rolesOf } from './role-preset';
import type { RoleChoice } from './role-preset';

/** A member's role preset; changing it saves at once. */
export function MemberRoleSelect({ agent, onChanged }: { agent: Agent; onChanged: (agent: Agent) => void }) {
  const { agent: me, organization, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const [busy, setBusy] = useState(false);
  const current = presetOf(agent.roles);
  const choices: RoleChoice[] = current === 'custom' ? [...ROLE_PRESET_ORDER, 'custom'] : [...ROLE_PRESET_ORDER];
  // Only permissions one holds can be given (the server refuses the others too).
  const grantable = (choice: RoleChoice) => choice !== 'custom' && holdsAll(me, ROLE_PRESETS[choice]);

  async function change(value: string) {
    if (!isRolePreset(value)) return;
    setBusy(true);
    try {
      const updated = await api.patch<Agent>(apiPaths.agent(agent.email), { roles: rolesOf(value) });
      onChanged(updated);
      // Changing one's own roles changes what this app may show.
      if (updated.is_current_user) setProfile({ agent: updated, organization });
      show({ title: `${agent.name} is now ${value === 'admin' ? 'an admin' : value === 'billing' ? 'an agent with refunds' : 'an agent'}`, tone: 'success' });
    } catch (error) {
      const text = failureText(toFailure(error));
      if (text) show({ title: 'The role was not changed', body: text.message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Select
      label={`Role for ${agent.name}`}
      hideLabel
      name="role"
      className="row__select"
      value={current}
      disabled={busy}
      options={choices.map((choice) => ({ value: choice, label: ROLE_LABELS[choice], disabled: !grantable(choice) }))}
      onChange={(event) => void change(event.target.value)}
    />
  );
}
