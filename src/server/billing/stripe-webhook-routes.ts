import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { HttpError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { openSecret } from '../integrations/secret-box';
import { readIntegration, stripeClient } from '../integrations/stripe-client';
import { runWrite } from '../realtime/write-transaction';
import { writeBillingState } from './billing-writes';
import { readBillingState } from './stripe-financials';

export const WEBHOOK_ERRORS = { badSignature: 'The Stripe signature does not match this endpoint’s secret.' } as const;

const webhookParams = z.object({ slug: z.string().min(1).max(100) });

/** The events that change what the billing view shows (§ issue 17): refunds and subscriptions. */
function customerOf(event: Stripe.Event): string | null {
  const relevant = event.type === 'charge.refunded' || event.type.startsWith('charge.refund') || event.type.startsWith('customer.subscription.');
  if (!relevant) return null;
  const customer = (event.data.object as { customer?: string | { id: string } | null }).customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * `POST integrations/stripe/webhook/{slug}`: Stripe's events for one organization, verified with
 * the endpoint's signing secret over the exact bytes received (a bad or missing signature is a
 * 400 and changes nothing). `charge.refunded` and `customer.subscription.*` refresh, from Stripe,
 * every contact whose confirmed payment email is the event's customer's, and send the new view
 * through the change feed, so every open tab updates live.
 */
export function registerStripeWebhookRoute(app: FastifyInstance, ctx: AppContext): void {
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, next) => next(null, body));

    registerRoute(scope, REST_ROUTES.stripeWebhook, {}, async (request) => {
      const { slug } = parseInput(webhookParams, request.params);
      const key = ctx.config.integrations.secretKey;
      const organization = await ctx.db.selectFrom('organizations').select(['id']).where('slug', '=', slug).executeTakeFirst();
      const integration = organization && key ? await readIntegration(ctx, organization.id, 'stripe') : undefined;
      if (!organization || !key || !integration?.webhook_secret) throw notFound();
      const stripe = stripeClient(ctx, openSecret(key, integration.api_key));
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || typeof request.body !== 'string') throw new Error('unsigned');
        event = stripe.webhooks.constructEvent(request.body, signature, openSecret(key, integration.webhook_secret));
      } catch {
        throw new HttpError(400, { error: WEBHOOK_ERRORS.badSignature });
      }
      const customerId = customerOf(event);
      if (!customerId) return { received: true, refreshed: 0 };
      const customer = await stripe.customers.retrieve(customerId);
      const email = 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).email?.toLowerCase();
      if (!email) return { received: true, refreshed: 0 };
      const links = await ctx.db.selectFrom('contact_payment_links').selectAll().where('org_id', '=', organization.id).where('source', '=', 'stripe').where('email', '=', email).execute();
      const contactIds = [...new Set(links.map((link) => link.contact_id))];
      for (const contactId of contactIds) {
        const contact = await ctx.db.selectFrom('contacts').selectAll().where('org_id', '=', organization.id).where('id', '=', contactId).executeTakeFirstOrThrow();
        const own = await ctx.db.selectFrom('contact_payment_links').selectAll().where('org_id', '=', organization.id).where('contact_id', '=', contactId).orderBy('confirmed_at').execute();
        const state = await readBillingState(stripe, contact.email, own, ctx.clock());
        await runWrite(ctx, { orgId: organization.id, mutationId: null }, (write) => writeBillingState(write, contactId, state));
      }
      return { received: true, refreshed: contactIds.length };
    });
    done();
  });
}
