import { ROLE_PRESETS } from '../../../protocol/roles';

export type RolePreset = keyof typeof ROLE_PRESETS;
export type RoleChoice = RolePreset | 'custom';

export const ROLE_LABELS: Record<RoleChoice, string> = { admin: 'Admin', agent: 'Agent', custom: 'Custom' };

/** Which named preset a list of roles is, whatever its order; 'custom' when it is neither. */
export function presetOf(roles: readonly string[]): RoleChoice {
  const given = [...new Set(roles)].sort();
  for (const preset of ['admin', 'agent'] as const) {
    const expected = [...ROLE_PRESETS[preset]].sort();
    if (given.length === expected.length && given.every((role, i) => role === expected[i])) return preset;
  }
  return 'custom';
}

export function rolesOf(preset: RolePreset): string[] {
  return [...ROLE_PRESETS[preset]];
}
