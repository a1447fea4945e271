import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise without breaking old hashes. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
let COST = { N: 2 ** DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1 };

/**
 * New hashes cost 2^logN (PASSWORD_HASH_COST, config.ts): set once at start. Hashes already
 * stored keep the cost they were made with, and are checked with it.
 */
export function setPasswordHashCost(logN: number): void {
  COST = { ...COST, N: 2 ** logN };
  decoy = undefined;
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/** Costs as much as a real check, for unknown accounts, so timing does not reveal which exist. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(createDecoyPassword());
  await verifyPassword(password, await decoy);
}

function createDecoyPassword(): string {
  return randomBytes(16).toString('hex');
}
