import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactParams } from '../../protocol/api/conversation-requests';
import { customDataBody, customFieldCreateBody, customFieldParams, customFieldUpdateBody } from '../../protocol/api/custom-data-requests';
import type { Organization } from '../../protocol/api/models';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import type { SignedIn } from '../http/signed-in';
import { fromSqlBoolean } from '../db/sql-boolean';
import { requireSession, signedIn } from '../http/auth-hook';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import type { Write } from '../realtime/write-transaction';
import { toOrganization } from '../organization/organization-model';
import { CUSTOM_DATA_ERRORS, createCustomField, deleteCustomField, setCustomData, updateCustomField } from './custom-data-writes';

const enabledBody = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });

/** Custom data is on for the organization (§3 `is_custom_data_enabled`), else 409 with what to do. */
async function assertEnabled(write: Write, caller: SignedIn): Promise<void> {
  const row = await write.trx.selectFrom('organizations').select('is_custom_data_enabled').where('id', '=', caller.organization.id).executeTakeFirstOrThrow();
  if (!fromSqlBoolean(row.is_custom_data_enabled)) throw new HttpError(409, { error: CUSTOM_DATA_ERRORS.off });
}

/**
 * Custom data (§1, §2 `custom-data`): the field definitions need `custom_data.update` (§6), checked
 * first; values on contacts and conversations are set by any agent. Nothing works while the
 * organization's `is_custom_data_enabled` is off, which `PUT custom-data/enabled` turns on or off.
 */
export function registerCustomDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const permission = PAGE_PERMISSIONS['custom-data'];

  registerRoute(app, REST_ROUTES.customDataEnabled, { preHandler }, async (request): Promise<Organization> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, permission);
    const { enabled } = parseInput(enabledBody, request.body);
    await ctx.db.updateTable('organizations').set({ is_custom_data_enabled: enabled ? 1 : 0 }).where('id', '=', organization.id).execute();
    return toOrganization({ ...organization, is_custom_data_enabled: enabled ? 1 : 0 });
  });

  registerRoute(app, MUTATION_ROUTES['create-custom-field'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        assertCan(caller.agent, permission);
        await assertEnabled(write, caller);
        return createCustomField(write, parseInput(customFieldCreateBody, request.body));
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['update-custom-field'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, permission);
      await assertEnabled(write, caller);
      return updateCustomField(write, parseInput(customFieldParams, request.params).id, parseInput(customFieldUpdateBody, request.body));
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-custom-field'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      assertCan(caller.agent, permission);
      await assertEnabled(write, caller);
      return deleteCustomField(write, parseInput(customFieldParams, request.params).id);
    }),
  );

  const valueRoutes = [
    ['contact', MUTATION_ROUTES['set-contact-data']],
    ['conversation', MUTATION_ROUTES['set-conversation-data']],
  ] as const;
  for (const [entity, route] of valueRoutes) {
    registerRoute(app, route, { preHandler }, (request, reply) =>
      runMutation(ctx, request, reply, async (write, caller) => {
        await assertEnabled(write, caller);
        const { id } = parseInput(contactParams, request.params);
        return setCustomData(write, entity, id, parseInput(customDataBody, request.body).values);
      }),
    );
  }
}
