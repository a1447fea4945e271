import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance } from 'fastify';
import { contactParams } from '../../protocol/api/conversation-requests';
import type { Contact } from '../../protocol/documents';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { toContact } from './contact-model';
import { updateContact } from './contact-writes';
import { mergeContacts } from './merge-contacts';
import { runMutation } from '../mutations/run-mutation';
import { contactMergeBody, contactUpdateBody, type ContactConversation } from '../../protocol/api/contact-requests';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { lastConversationsQuery } from './contact-queries';

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  /** The contact, with `last_conversations` (§3): its latest conversations on the server, not only what a device holds. */
  registerRoute(app, REST_ROUTES.contact, { preHandler }, async (request): Promise<Contact & { last_conversations: ContactConversation[] }> => {
    const { id } = parseInput(contactParams, request.params);
    const orgId = signedIn(request).organization.id;
    const row = await ctx.db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const conversations = await lastConversationsQuery(ctx.db, orgId, id).execute();
    return { ...toContact(row), last_conversations: conversations.map((c) => ({ ...c, last_update_ts: Number(c.last_update_ts) })) };
  });

  registerRoute(app, MUTATION_ROUTES['merge-contact'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(contactParams, request.params);
      return mergeContacts(write, id, parseInput(contactMergeBody, request.body).into);
    }),
  );

  /** `PATCH contacts/{id}`: any agent edits a contact's name, email, company and trust (§3). */
  registerRoute(app, MUTATION_ROUTES['update-contact'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(contactParams, request.params);
      const body = parseInput(contactUpdateBody, request.body);
      const found = await write.trx.selectFrom('contacts').select('id').where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
      if (!found) throw notFound();
      return updateContact(write, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.company !== undefined ? { company: body.company || null } : {}),
        ...(body.is_trusted !== undefined ? { is_trusted: body.is_trusted ? 1 : 0 } : {}),
      });
    }),
  );
}
