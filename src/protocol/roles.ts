/**
 * Roles are permission strings held by an agent (§6). A check passes when the exact role is
 * present, or, for a required role ending in `.*`, when any role begins with that prefix (§5).
 */
export const PERMISSIONS = [
  'teammate.invite',
  'teammate.update',
  'teammate.remove',
  'snippet.update',
  'rule.update',
  'custom_data.update',
  'channel.update',
  'organization.update',
  'organization.api_keys',
  'organization.reporting',
  'tag.update',
  'billing.refund',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each settings page requires (§6); pages not listed need no role. */
export const PAGE_PERMISSIONS = {
  team: 'teammate.*',
  snippets: 'snippet.*',
  rules: 'rule.*',
  'custom-data': 'custom_data.update',
  emails: 'channel.*',
  chat: 'channel.*',
  integrations: 'organization.update',
  billing: 'organization.update',
  'integrations/api': 'organization.api_keys',
  tags: 'tag.*',
  'reporting/inbox': 'organization.reporting',
  'reporting/kb': 'organization.reporting',
} as const;

/**
 * Actions on pages every agent opens that need a permission. Money leaving through Stripe (a
 * refund or a subscription's cancel in the contact panel) is granted, never implied by answering
 * customers; the owner holds it like every permission and the Admin preset includes it. Taking
 * the help center away from customers (agents only) is an administrator's setting.
 */
export const ACTION_PERMISSIONS = {
  refund: 'billing.refund',
  cancelSubscription: 'billing.refund',
  helpCenterVisibility: 'organization.update',
} as const satisfies Record<string, Permission>;

/** Named presets offered when inviting or editing a teammate. */
export const ROLE_PRESETS = {
  admin: [...PERMISSIONS],
  billing: ['billing.refund'] as Permission[],
  agent: [] as Permission[],
} as const;

export function hasRole(roles: readonly string[], required: string): boolean {
  if (required.endsWith('.*')) {
    const prefix = required.slice(0, -1);
    return roles.some((role) => role.startsWith(prefix));
  }
  return roles.includes(required);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Someone who holds roles: the caller or the teammate a change is about. */
export type RoleHolder = { is_owner: boolean; roles: readonly string[] };

/** Whether every role of `roles` is one the holder has (the owner has every role). */
export function holdsAll(holder: RoleHolder, roles: readonly string[]): boolean {
  return holder.is_owner || roles.every((role) => holder.roles.includes(role));
}

/**
 * Whether `actor` may change the roles of `target` or remove them: the owner is above everyone
 * and nobody changes the owner; anyone else only a teammate whose permissions they all hold, so
 * holding `teammate.update` never lets one strip an agent who holds more.
 */
export function outranks(actor: RoleHolder, target: RoleHolder): boolean {
  if (target.is_owner) return false;
  return holdsAll(actor, target.roles);
}
