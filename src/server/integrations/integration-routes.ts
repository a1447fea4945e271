import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { integrationParams, stripeConnectBody, type IntegrationProperties } from '../../protocol/api/billing-requests';
import { apiPaths } from '../../protocol/api/routes';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import type { IntegrationRow } from './integration-tables';
import { requireSession, signedIn } from '../http/auth-hook';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { INTEGRATIONS_NOT_CONFIGURED, readIntegration, stripeClient } from './stripe-client';
import { sealSecret } from './secret-box';

function keyHint(key: string): string {
  return `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}`;
}

function properties(ctx: AppContext, slug: string, row: IntegrationRow | undefined): IntegrationProperties {
  return {
    name: 'stripe',
    can_connect: ctx.config.integrations.secretKey !== null,
    connected: row !== undefined,
    key_hint: row?.key_hint ?? null,
    has_webhook_secret: Boolean(row?.webhook_secret),
    connected_by: row?.connected_by ?? null,
    connected_at: row ? Number(row.connected_at) : null,
    last_error: row?.last_error ?? null,
    webhook_url: ctx.links.link(`api/${apiPaths.stripeWebhook(slug)}`),
  };
}

/**
 * Settings → Integrations (§6 `organization.update`): connect Stripe with a restricted key,
 * checked against Stripe before it is kept, sealed at rest and never sent back (only its hint);
 * disconnect; and `GET integrations/{name}/properties` (§7), what the page shows. These are
 * plain calls, not outbox mutations: a secret key must not wait in a browser's IndexedDB, and a
 * key is only worth keeping once Stripe accepted it.
 */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const permission = PAGE_PERMISSIONS.integrations;

  registerRoute(app, REST_ROUTES.integrationProperties, { preHandler }, async (request): Promise<IntegrationProperties> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, permission);
    parseInput(integrationParams, request.params);
    return properties(ctx, organization.slug, await readIntegration(ctx, organization.id, 'stripe'));
  });

  registerRoute(app, REST_ROUTES.connectIntegration, { preHandler }, async (request): Promise<IntegrationProperties> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, permission);
    parseInput(integrationParams, request.params);
    const body = parseInput(stripeConnectBody, request.body);
    const secretKey = ctx.config.integrations.secretKey;
    if (!secretKey) throw new HttpError(409, { error: INTEGRATIONS_NOT_CONFIGURED });
    try {
      await stripeClient(ctx, body.api_key).customers.list({ limit: 1 });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      throw new HttpError(422, { errors: { api_key: `was refused by Stripe: ${error.message}` } });
    }
    const values = {
      api_key: sealSecret(secretKey, body.api_key),
      webhook_secret: body.webhook_secret ? sealSecret(secretKey, body.webhook_secret) : null,
      key_hint: keyHint(body.api_key),
      connected_by: agent.id,
      connected_at: ctx.clock(),
      last_error: null,
    };
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('integrations').where('org_id', '=', organization.id).where('name', '=', 'stripe').execute();
      await trx.insertInto('integrations').values({ org_id: organization.id, name: 'stripe', ...values }).execute();
    });
    return properties(ctx, organization.slug, await readIntegration(ctx, organization.id, 'stripe'));
  });

  registerRoute(app, REST_ROUTES.disconnectIntegration, { preHandler }, async (request): Promise<IntegrationProperties> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, permission);
    parseInput(integrationParams, request.params);
    await ctx.db.deleteFrom('integrations').where('org_id', '=', organization.id).where('name', '=', 'stripe').execute();
    return properties(ctx, organization.slug, undefined);
  });
}
