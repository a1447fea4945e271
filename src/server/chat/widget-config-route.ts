import type { FastifyInstance } from 'fastify';
import { widgetConfigQuery } from '../../protocol/api/chat-settings';
import { WIDGET_CONFIG_PATH, WIDGET_ERRORS, type WidgetConfig } from '../../protocol/widget';
import type { AppContext } from '../app-context';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { findOrganizationBySlug } from '../organization/organization-queries';
import { readOrganizationHours } from '../organization/organization-model';
import { widgetHours } from '../hours/widget-hours';
import { readChatSettings } from './chat-settings-queries';

/**
 * `GET /widget/config?org=`: what the widget shows (name, colour, greeting), to anyone, from any
 * origin (the customer's website). Nothing secret is in it. An unknown organization and one whose
 * chat is off answer the same 404, so the widget stays hidden.
 */
export function registerWidgetConfigRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(WIDGET_CONFIG_PATH, async (request, reply): Promise<WidgetConfig> => {
    void reply.header('access-control-allow-origin', '*');
    const { org } = parseInput(widgetConfigQuery, request.query);
    const organization = await findOrganizationBySlug(ctx.db, org);
    const settings = organization ? await readChatSettings(ctx.db, organization.id) : null;
    if (!organization || !settings?.enabled) throw notFound(WIDGET_ERRORS.unavailable);
    void reply.header('cache-control', 'public, max-age=60');
    const hours = widgetHours(readOrganizationHours(organization.hours), new Date(ctx.clock()));
    return { name: organization.name, color: settings.color, greeting: settings.greeting, ...(hours ? { hours } : {}) };
  });
}
