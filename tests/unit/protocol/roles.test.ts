import { describe, expect, it } from 'vitest';
import { ACTION_PERMISSIONS, hasRole, holdsAll, outranks, PAGE_PERMISSIONS, PERMISSIONS, ROLE_PRESETS } from '../../../src/protocol/roles';

describe('role check (§5)', () => {
  it('passes when the exact role is present', () => {
    expect(hasRole(['organization.update'], 'organization.update')).toBe(true);
  });

  it('fails when only a different role is present', () => {
    expect(hasRole(['organization.reporting'], 'organization.update')).toBe(false);
    expect(hasRole([], 'tag.update')).toBe(false);
  });

  it('passes a .* requirement when any role begins with the prefix', () => {
    expect(hasRole(['teammate.invite'], 'teammate.*')).toBe(true);
    expect(hasRole(['tag.update', 'snippet.update'], 'snippet.*')).toBe(true);
  });

  it('does not match a .* requirement on a role that merely shares letters', () => {
    expect(hasRole(['teammates.invite'], 'teammate.*')).toBe(false);
    expect(hasRole(['teammate'], 'teammate.*')).toBe(false);
  });

  it('does not read a .* in the held role as a wildcard', () => {
    expect(hasRole(['teammate.*'], 'teammate.invite')).toBe(false);
  });

  it('gives the admin preset every page of §6', () => {
    for (const required of Object.values(PAGE_PERMISSIONS)) {
      expect(hasRole(ROLE_PRESETS.admin, required)).toBe(true);
    }
    expect(ROLE_PRESETS.admin).toEqual([...PERMISSIONS]);
  });

  it('refunds and cancels are granted: the admin and refunds presets hold them, the agent preset does not', () => {
    expect(ACTION_PERMISSIONS.refund).toBe('billing.refund');
    expect(hasRole(ROLE_PRESETS.admin, ACTION_PERMISSIONS.refund)).toBe(true);
    expect(hasRole(ROLE_PRESETS.billing, ACTION_PERMISSIONS.cancelSubscription)).toBe(true);
    expect(hasRole(ROLE_PRESETS.agent, ACTION_PERMISSIONS.refund)).toBe(false);
    for (const required of Object.values(PAGE_PERMISSIONS)) expect(hasRole(ROLE_PRESETS.billing, required), required).toBe(false);
    expect(hasRole(ROLE_PRESETS.billing, ACTION_PERMISSIONS.helpCenterVisibility)).toBe(false);
  });

  it('gives the agent preset none of the guarded pages', () => {
    for (const required of Object.values(PAGE_PERMISSIONS)) {
      expect(hasRole(ROLE_PRESETS.agent, required)).toBe(false);
    }
  });

  it('an agent outranks only teammates whose permissions they all hold; the owner outranks everyone but is outranked by none', () => {
    const owner = { is_owner: true, roles: [] };
    const manager = { is_owner: false, roles: ['teammate.update', 'tag.update'] };
    const admin = { is_owner: false, roles: [...PERMISSIONS] };
    expect(outranks(manager, { is_owner: false, roles: ['tag.update'] })).toBe(true);
    expect(outranks(manager, { is_owner: false, roles: ['tag.update', 'teammate.update'] })).toBe(true);
    expect(outranks(manager, admin)).toBe(false);
    expect(outranks(admin, manager)).toBe(true);
    expect(outranks(owner, admin)).toBe(true);
    expect(outranks(admin, owner)).toBe(false);
    expect(holdsAll(manager, ['tag.update'])).toBe(true);
    expect(holdsAll(manager, ['channel.update'])).toBe(false);
    expect(holdsAll(owner, [...PERMISSIONS])).toBe(true);
  });
});
