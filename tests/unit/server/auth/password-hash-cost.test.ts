import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, setPasswordHashCost, verifyPassword } from '../../../../src/server/auth/password-hash';
import { ConfigError, loadConfig } from '../../../../src/server/config';

describe('the cost of new password hashes', () => {
  it('is scrypt at 2^15 unless PASSWORD_HASH_COST says otherwise, from 10 to 20', () => {
    expect(loadConfig({}, process.cwd()).passwordHashCost).toBe(DEFAULT_PASSWORD_HASH_COST);
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }, process.cwd()).passwordHashCost).toBe(12);
    for (const refused of ['9', '21', '12.5', 'cheap']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: refused }, process.cwd())).toThrow(ConfigError);
    }
  });

  it('applies to new hashes only: a password hashed at the old cost still signs in', async () => {
    const before = await hashPassword('correct horse');
    setPasswordHashCost(10);
    try {
      const after = await hashPassword('correct horse');
      expect(after.split('$')[1]).toBe('1024');
      expect(before.split('$')[1]).toBe('32768');
      expect(await verifyPassword('correct horse', before)).toBe(true);
      expect(await verifyPassword('correct horse', after)).toBe(true);
      expect(await verifyPassword('wrong horse', after)).toBe(false);
    } finally {
      setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    }
  });
});
