import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tokenField } from '../../protocol/api/fields';
import { notificationSettingsBody } from '../../protocol/notifications/notification-settings';
import { pushRegisterBody, pushUnregisterBody, type NotificationsResponse } from '../../protocol/notifications/push-requests';
import { customInboxesOf } from '../agents/agent-model';
import { findAgentById } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { fieldError, notFound, rateLimited } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { checkPublicHost, hostOf, NonPublicHostError, type PrivateHostAllowance } from '../net/public-host';
import { deviceLabel } from './device-label';
import { MAX_PUSH_DEVICES, notificationsOf } from './notification-queries';
import { useUnsubscribeLink } from './unsubscribe-link';

const unsubscribeParams = z.object({ token: tokenField });

/** The server would connect there: a host off the public internet (unless allowed) or unknown to DNS is a 400 on `endpoint`. */
async function checkPushEndpoint(endpoint: string, allowance: PrivateHostAllowance): Promise<void> {
  try {
    await checkPublicHost(hostOf(new URL(endpoint)), allowance);
  } catch (error) {
    if (error instanceof NonPublicHostError) throw fieldError('endpoint', PUSH_ENDPOINT_NOT_PUBLIC);
    throw fieldError('endpoint', PUSH_ENDPOINT_NOT_FOUND);
  }
}

/** The refusals of a push endpoint (docs/decisions.md, "Push endpoints are on the public internet"). */
export const PUSH_ENDPOINT_NOT_PUBLIC = 'must be a push service on the public internet';
export const PUSH_ENDPOINT_NOT_FOUND = 'is not a host this server can find';

/**
 * The agent's notifications (§2 `account/notifications`, §7 `PUT account/notifications`,
 * `POST account/notifications/register` and `/unregister`), and the unsubscribe link of a
 * notification email, which needs no sign-in.
 */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const answer = async (agentId: number): Promise<NotificationsResponse> => {
    const agent = await findAgentById(ctx.db, agentId);
    if (!agent) throw notFound();
    return notificationsOf(ctx.db, agent, (await ctx.vapidKeys()).publicKey, ctx.clock());
  };

  registerRoute(app, REST_ROUTES.notifications, { preHandler }, (request) => answer(signedIn(request).agent.id));

  registerRoute(app, REST_ROUTES.updateNotifications, { preHandler }, async (request) => {
    const { agent } = signedIn(request);
    const settings = parseInput(notificationSettingsBody, request.body);
    if (settings.inbox !== null && !customInboxesOf(agent).some((inbox) => inbox.key === settings.inbox)) {
      throw fieldError('inbox', 'is not one of your inboxes');
    }
    await ctx.db.updateTable('agents').set({ notifications: JSON.stringify(settings) }).where('id', '=', agent.id).execute();
    return answer(agent.id);
  });

  registerRoute(app, REST_ROUTES.notificationsRegister, { preHandler }, async (request, reply) => {
    const { agent, sessionId } = signedIn(request);
    const body = parseInput(pushRegisterBody, request.body);
    await checkPushEndpoint(body.endpoint, ctx.config.notifications.pushPrivateHosts);
    const now = ctx.clock();
    const values = { session_id: sessionId, p256dh: body.keys.p256dh, auth: body.keys.auth, label: deviceLabel(request.headers['user-agent']) };
    await ctx.db
      .insertInto('push_subscriptions')
      .values({ org_id: agent.org_id, agent_id: agent.id, endpoint: body.endpoint, ...values, created_at: now, last_push_at: null })
      .onConflict((conflict) => conflict.columns(['agent_id', 'endpoint']).doUpdateSet(values))
      .execute();
    const extra = await ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('agent_id', '=', agent.id)
      .orderBy((eb) => eb.fn.coalesce('last_push_at', 'created_at'), 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_PUSH_DEVICES)
      .limit(1000)
      .execute();
    if (extra.length > 0) await ctx.db.deleteFrom('push_subscriptions').where('id', 'in', extra.map((row) => row.id)).execute();
    void reply.status(201);
    return answer(agent.id);
  });

  registerRoute(app, REST_ROUTES.notificationsUnregister, { preHandler }, async (request) => {
    const { agent } = signedIn(request);
    const body = parseInput(pushUnregisterBody, request.body);
    const removed = await ctx.db
      .deleteFrom('push_subscriptions')
      .where('agent_id', '=', agent.id)
      .where((eb) => ('endpoint' in body ? eb('endpoint', '=', body.endpoint) : eb('id', '=', body.device_id)))
      .executeTakeFirst();
    // Another agent's device answers like a missing one; forgetting this browser's endpoint twice is fine.
    if ('device_id' in body && removed.numDeletedRows === 0n) throw notFound();
    return answer(agent.id);
  });

  registerRoute(app, REST_ROUTES.unsubscribe, {}, async (request) => {
    if (!(await ctx.limits.emailLinksPerIp.consume(request.ip))) throw rateLimited();
    const { token } = parseInput(unsubscribeParams, request.params);
    return useUnsubscribeLink(ctx.db, token, ctx.clock());
  });
}
