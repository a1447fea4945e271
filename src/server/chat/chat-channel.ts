import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerWidgetConfigRoute } from './widget-config-route';
import { createWidgetLimits } from './widget-limits';
import { registerWidgetScriptRoute } from './widget-script-route';
import { registerWidgetStreamRoute } from './widget-stream-route';

/**
 * The chat channel's public side at the host root (no session): `/widget.js`, `/widget/config`
 * and the visitors' `/widget/stream`. The agents' settings calls live under /api
 * (chat-settings-routes.ts).
 */
export function registerChatWidgetRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerWidgetScriptRoute(app, ctx.config.staticDir);
  registerWidgetConfigRoute(app, ctx);
  registerWidgetStreamRoute(app, ctx, createWidgetLimits(ctx.rateLimits));
}
