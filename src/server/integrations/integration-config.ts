import { createHash } from 'node:crypto';
import { ConfigError } from '../config-error';

export type IntegrationConfig = {
  /**
   * The 32-byte key that encrypts integration secrets (a Stripe restricted key, its webhook
   * secret) at rest, from `INTEGRATIONS_SECRET` (any text of at least 32 characters, hashed to
   * 32 bytes). null: integrations cannot be connected (the page says so).
   */
  secretKey: Buffer | null;
  /** Stripe's API address: `https://api.stripe.com` unless `STRIPE_API_URL` says another (tests). */
  stripeApiUrl: URL;
};

export function loadIntegrationConfig(env: NodeJS.ProcessEnv): IntegrationConfig {
  const secret = env.INTEGRATIONS_SECRET?.trim();
  if (secret && secret.length < 32) throw new ConfigError('INTEGRATIONS_SECRET must be at least 32 characters');
  let stripeApiUrl: URL;
  try {
    stripeApiUrl = new URL(env.STRIPE_API_URL?.trim() || 'https://api.stripe.com');
  } catch {
    throw new ConfigError('STRIPE_API_URL must be a URL');
  }
  if (stripeApiUrl.protocol !== 'https:' && stripeApiUrl.protocol !== 'http:') throw new ConfigError('STRIPE_API_URL must be http or https');
  return { secretKey: secret ? createHash('sha256').update(secret).digest() : null, stripeApiUrl };
}
