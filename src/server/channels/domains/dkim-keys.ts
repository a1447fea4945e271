import { createCipheriv, createDecipheriv, createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generateRsa = promisify(generateKeyPair);

/** A domain's DKIM key pair: the public half as a DKIM record's p=, the private half as PKCS#8 PEM. */
export type DkimKeyPair = { publicKey: string; privateKeyPem: string };

/** A new RSA 2048 key pair, made on libuv's thread pool so the event loop keeps answering. */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: publicKey.toString('base64'), privateKeyPem: privateKey };
}

const SEALED_PREFIX = 'aes-256-gcm:';

/**
 * The private key as stored: sealed with AES-256-GCM under a key derived from
 * EMAIL_DKIM_KEY_SECRET when one is set (plain PEM otherwise). The organization and domain are
 * authenticated with it, so a sealed key copied onto another organization's row does not open.
 */
export function sealPrivateKey(pem: string, secret: string | null, owner: KeyOwner): string {
  if (secret === null) return pem;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(ownerBytes(owner));
  const sealed = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${sealed.toString('base64')}`;
}

/** The PEM of a stored private key; throws when it is sealed and the secret is missing or another one. */
export function openPrivateKey(stored: string, secret: string | null, owner: KeyOwner): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  if (secret === null) throw new Error(`The DKIM key of ${owner.domain} is encrypted, but EMAIL_DKIM_KEY_SECRET is not set.`);
  const [iv, tag, data] = stored.slice(SEALED_PREFIX.length).split('.');
  if (iv === undefined || tag === undefined || data === undefined) throw new Error(`The stored DKIM key of ${owner.domain} is damaged.`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
    decipher.setAAD(ownerBytes(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`The DKIM key of ${owner.domain} does not open with EMAIL_DKIM_KEY_SECRET (was the secret changed?).`);
  }
}

export type KeyOwner = { orgId: number; domain: string };

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`dkim-key-v1:${secret}`).digest();
}

function ownerBytes(owner: KeyOwner): Buffer {
  return Buffer.from(`${owner.orgId}:${owner.domain}`, 'utf8');
}
