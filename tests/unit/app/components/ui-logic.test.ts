import { describe, expect, it, vi } from 'vitest';
import { avatarHue, initials } from '../../../../src/app/components/avatar-style';
import { addToast, removeToast } from '../../../../src/app/components/toast-list';
import type { Toast } from '../../../../src/app/components/toast-list';
import { chunkLoaded, reloadOnceAfterChunkError } from '../../../../src/app/routes/chunk-reload';
import { organizationChoices } from '../../../../src/app/screens/auth/organization-choices';
import { presetOf } from '../../../../src/app/screens/team/role-preset';
import { trialDaysLeft } from '../../../../src/app/screens/trial-days-left';
import { can } from '../../../../src/app/session/permissions';
import { clientSessionId } from '../../../../src/app/api/client-session-id';
import { TOAST_MAX } from '../../../../src/protocol/constants';
import { PERMISSIONS } from '../../../../src/protocol/roles';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('toasts (§2: at most 20)', () => {
  const toast = (id: number, extra: Partial<Toast> = {}): Toast => ({ id, title: `t${id}`, ...extra });

  it('drops the oldest toast beyond the limit', () => {
    let list: Toast[] = [];
    for (let id = 1; id <= TOAST_MAX + 3; id++) list = addToast(list, toast(id));
    expect(list).toHaveLength(TOAST_MAX);
    expect(list[0]?.id).toBe(4);
  });

  it('keeps a persistent toast over transient ones', () => {
    let list: Toast[] = [toast(1, { persistent: true })];
    for (let id = 2; id <= TOAST_MAX + 5; id++) list = addToast(list, toast(id));
    expect(list[0]?.id).toBe(1);
    expect(list).toHaveLength(TOAST_MAX);
  });

  it('replaces a toast with the same key, and removes by id', () => {
    const list = addToast(addToast([], toast(1, { key: 'saved' })), toast(2, { key: 'saved' }));
    expect(list.map((t) => t.id)).toEqual([2]);
    expect(removeToast(list, 2)).toEqual([]);
  });
});

describe('chunk load failure (§2: the page reloads, once)', () => {
  it('reloads once, then not again until a chunk has loaded', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceAfterChunkError(storage, reload)).toBe(true);
    expect(reloadOnceAfterChunkError(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    chunkLoaded(storage);
    expect(reloadOnceAfterChunkError(storage, reload)).toBe(true);
  });

  it('does not reload when it cannot remember having reloaded', () => {
    const reload = vi.fn();
    const blocked = { ...memoryStorage(), setItem: () => { throw new Error('blocked'); } };
    expect(reloadOnceAfterChunkError(blocked, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('small UI rules', () => {
  it('derives initials and a stable colour from a name', () => {
    expect(initials('Ann Lee')).toBe('AL');
    expect(initials('Ann Marie Lee')).toBe('AL');
    expect(initials('ann')).toBe('A');
    expect(initials('', 'bob.smith@acme.test')).toBe('BS');
    expect(initials('', '')).toBe('?');
    expect(avatarHue('Ann Lee')).toBe(avatarHue(' ann lee '));
    expect(avatarHue('Ann Lee')).toBeGreaterThanOrEqual(0);
    expect(avatarHue('Ann Lee')).toBeLessThan(360);
  });

  it('counts trial days left, rounded up, only without premium', () => {
    const now = Date.UTC(2025, 0, 1);
    const day = 24 * 3600_000;
    expect(trialDaysLeft({ is_premium: false, trial_ends_at: now + 13.2 * day }, now)).toBe(14);
    expect(trialDaysLeft({ is_premium: false, trial_ends_at: now - day }, now)).toBe(0);
    expect(trialDaysLeft({ is_premium: true, trial_ends_at: now + day }, now)).toBeNull();
    expect(trialDaysLeft({ is_premium: false, trial_ends_at: null }, now)).toBeNull();
  });

  it('names role presets whatever the order of roles', () => {
    expect(presetOf([...PERMISSIONS].reverse())).toBe('admin');
    expect(presetOf([])).toBe('agent');
    expect(presetOf(['teammate.invite'])).toBe('custom');
  });

  it('lets the owner and holders of a matching role through a page guard', () => {
    expect(can({ roles: [], is_owner: true }, 'teammate.*')).toBe(true);
    expect(can({ roles: ['teammate.invite'], is_owner: false }, 'teammate.*')).toBe(true);
    expect(can({ roles: ['tag.update'], is_owner: false }, 'teammate.*')).toBe(false);
  });

  it('reads the organization choice of a 409 login', () => {
    const body = { error: 'Choose an organization.', organizations: [{ slug: 'acme', name: 'Acme' }, { bad: 1 }] };
    expect(organizationChoices({ kind: 'http', status: 409, body })).toEqual([{ slug: 'acme', name: 'Acme' }]);
    expect(organizationChoices({ kind: 'http', status: 400, body })).toBeNull();
    expect(organizationChoices({ kind: 'http', status: 409, body: { error: 'x' } })).toBeNull();
  });

  it('generates the client session id once per browser', () => {
    const storage = memoryStorage();
    const first = clientSessionId(storage, () => 'id-1');
    expect(clientSessionId(storage, () => 'id-2')).toBe(first);
  });
});
