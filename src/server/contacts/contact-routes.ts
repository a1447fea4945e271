import type { FastifyInstance } from 'fastify';
import { contactParams } from '../../protocol/api/conversation-requests';
import type { Contact } from '../../protocol/documents';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { toContact } from './contact-model';

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  app.get('/contacts/:id', { preHandler }, async (request): Promise<Contact> => {
    const { id } = parseInput(contactParams, request.params);
    const row = await ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('org_id', '=', signedIn(request).organization.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return toContact(row);
  });
}
