import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is ever stored. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens carry full entropy, so a plain SHA-256 (no salt, no stretching) is enough to store them. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
