import { ROLE_PRESETS } from '../../../protocol/roles';

export type RolePreset = keyof typeof ROLE_PRESETS;
export type RoleChoice = RolePreset | 'custom';

/** The presets in the order the team page offers them. */
export const ROLE_PRESET_ORDER: readonly RolePreset[] = ['agent', 'billing', 'admin'];

export const ROLE_LABELS: Record<RoleChoice, string> = { admin: 'Admin', billing: 'Agent with refunds', agent: 'Agent', custom: 'Custom' };

/** What each preset lets a teammate do, for the invite form. */
export const ROLE_DESCRIPTIONS: Record<RolePreset, string> = {
  agent: 'Agent — answers conversations',
  billing: 'Agent with refunds — also refunds, cancels',
  admin: 'Admin — also manages team and settings',
};

export function isRolePreset(value: string): value is RolePreset {
  return (ROLE_PRESET_ORDER as readonly string[]).includes(value);
}

/** Which named preset a list of roles is, whatever its order; 'custom' when it is none. */
export function presetOf(roles: readonly string[]): RoleChoice {
  const given = [...new Set(roles)].sort();
  for (const preset of ROLE_PRESET_ORDER) {
    const expected = [...ROLE_PRESETS[preset]].sort();
    if (given.length === expected.length && given.every((role, i) => role === expected[i])) return preset;
  }
  return 'custom';
}

export function rolesOf(preset: RolePreset): string[] {
  return [...ROLE_PRESETS[preset]];
}
