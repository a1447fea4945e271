import { afterAll } from 'vitest';
import { useSeededBrowserSuite, type SeededBrowserSuite } from './browser-suite';
import { startSeededServer, type SeededServer } from './seeded-server';
import { startStripeServer, type StripeTestServer } from './stripe-server';

type Seed = { org: string; conversations: number; messagesPerConversation: number };

/**
 * A browser suite whose server may connect Stripe: a Stripe test server started with it (one per
 * test file, stopped after it) and the secret that seals integration keys. `stripe()` is that
 * Stripe server, once the suite has started.
 */
export function useStripeBrowserSuite(seed: Seed): { suite: SeededBrowserSuite<SeededServer>; stripe: () => StripeTestServer } {
  let stripe: StripeTestServer | undefined;
  const suite = useSeededBrowserSuite(async () => {
    stripe = await startStripeServer();
    return startSeededServer({ ...seed, env: { INTEGRATIONS_SECRET: 'an-e2e-secret-that-encrypts-integration-keys', STRIPE_API_URL: stripe.url } });
  });
  afterAll(() => stripe?.stop());
  return {
    suite,
    stripe() {
      if (!stripe) throw new Error('The Stripe test server is not started yet (use it inside a test)');
      return stripe;
    },
  };
}
