import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { chatSettingsBody, type ChatSettings } from '../../protocol/api/chat-settings';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { WIDGET_CLOSE_CODES, WIDGET_ERRORS } from '../../protocol/widget';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { readChatSettings, saveChatSettings } from './chat-settings-queries';

/** `organization/chat`: the widget's settings, read by any agent, changed with the chat page's permission (§6 `channel.*`). */
export function registerChatSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.chatSettings, { preHandler }, (request): Promise<ChatSettings> => {
    return readChatSettings(ctx.db, signedIn(request).organization.id);
  });

  registerRoute(app, REST_ROUTES.updateChatSettings, { preHandler }, async (request): Promise<ChatSettings> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS.chat);
    const body = parseInput(chatSettingsBody, request.body);
    const saved = await saveChatSettings(ctx.db, organization.id, body, ctx.clock());
    // Switched off: visitors chatting now are told at once (on this instance; others at their next connect).
    if (!saved.enabled) ctx.widgets.closeOrganization(organization.id, WIDGET_CLOSE_CODES.unavailable, WIDGET_ERRORS.unavailable);
    return saved;
  });
}
