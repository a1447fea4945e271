import { REST_ROUTES } from '../../../protocol/api/rest-routes';
import { registerRoute } from '../../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { ATTACHMENT_MAX_BYTES, attachmentParams, uploadAttachmentQuery, type UploadedAttachment } from '../../../protocol/api/channels';
import { API_BASE, apiPaths } from '../../../protocol/api/routes';
import type { AppContext } from '../../app-context';
import { requireSession, signedIn } from '../../http/auth-hook';
import { HttpError, notFound } from '../../http/http-error';
import { parseInput } from '../../http/parse-input';
import { attachmentContentType, contentDisposition, uploadedContentType } from './attachment-headers';
import { FileTooLarge } from './attachment-store';

const tooLarge = () => new HttpError(413, { error: `The file is larger than ${ATTACHMENT_MAX_BYTES} bytes.` });

/**
 * Files of messages. `GET attachments/{id}` serves one to agents of its organization only
 * (another organization's id answers 404 like an unknown one), always as a download and never
 * as a page of ours: a safe Content-Disposition, no sniffing, a passive Content-Type (HTML,
 * SVG and anything else that could run is application/octet-stream) and a sandboxing CSP.
 * `POST attachments/` stores a file an agent attaches to a reply (replyBody.attachments).
 */
export function registerAttachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.attachment, { preHandler }, async (request, reply) => {
    const { id } = parseInput(attachmentParams, request.params);
    const row = await ctx.db
      .selectFrom('attachments')
      .selectAll()
      .where('org_id', '=', signedIn(request).organization.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !(await ctx.channels.store.exists(row.sha256))) throw notFound();
    return reply
      .header('content-type', attachmentContentType(row.content_type))
      .header('content-disposition', contentDisposition(row.name))
      .header('content-length', String(row.size))
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(ctx.channels.store.open(row.sha256));
  });

  void app.register((scope, _options, done) => {
    // Any type: the body is the file, streamed to the store as it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, next) => next(null, payload));
    registerRoute(scope, REST_ROUTES.uploadAttachment, { preHandler }, async (request, reply) => {
      const orgId = signedIn(request).organization.id;
      const { name } = parseInput(uploadAttachmentQuery, request.query);
      if (Number(request.headers['content-length'] ?? 0) > ATTACHMENT_MAX_BYTES) throw tooLarge();
      if (!(request.body instanceof Readable)) throw new HttpError(400, { error: 'Send the file as the request body.' });
      let file;
      try {
        file = await ctx.channels.store.receive(request.body, ATTACHMENT_MAX_BYTES);
      } catch (error) {
        if (error instanceof FileTooLarge) throw tooLarge();
        throw error;
      }
      await file.commit();
      const type = uploadedContentType(request.headers['content-type']);
      const row = await ctx.db
        .insertInto('attachments')
        .values({ org_id: orgId, message_row_id: null, sha256: file.sha256, name, content_type: type, size: file.size, created_at: ctx.clock() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answer: UploadedAttachment = { id: row.id, name, size: file.size, type, url: `${API_BASE}${apiPaths.attachment(row.id)}` };
      return reply.code(201).send(answer);
    });
    done();
  });
}
