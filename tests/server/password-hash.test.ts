import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/password-hash';
import { createSecretToken, hashSecretToken } from '../../src/server/auth/secret-token';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    const stored = await hashPassword('pw pw pw pw');
    expect(await verifyPassword('pw pw pw pw', 'plain')).toBe(false);
    expect(await verifyPassword('pw pw pw pw', stored.replace('$32768$', '$1048577$'))).toBe(false);
    expect(await verifyPassword('pw pw pw pw', `${stored.slice(0, -4)}AAAA`)).toBe(false);
  });
});

describe('secret tokens', () => {
  it('carry 256 random bits in base64url and hash to SHA-256 hex', () => {
    const token = createSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createSecretToken()).not.toBe(token);
    expect(hashSecretToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(token)).toBe(hashSecretToken(token));
  });
});
