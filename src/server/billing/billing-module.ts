import type { ServerModule } from '../server-module';
import { registerBillingRoutes } from './billing-routes';
import { createContactBillingTables } from './billing-tables';
import { grantRefundsToAdmins } from './refund-permission-migration';
import { registerStripeWebhookRoute } from './stripe-webhook-routes';

/** A contact's billing from Stripe; it holds 0020, which made the integrations table too. */
export const billingModule = {
  migrations: {
    '0020-contacts-billing': (db) => createContactBillingTables(db.schema),
    '0025-refund-permission': (db) => grantRefundsToAdmins(db),
  },
  routes: [registerBillingRoutes, registerStripeWebhookRoute],
} satisfies ServerModule;
