import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import { visitorIdentifyFrame, visitorMessageText, visitorSendFrame, widgetStreamQuery } from '../../protocol/api/chat-settings';
import { PING, PONG } from '../../protocol/realtime';
import {
  WIDGET_CLOSE_CODES,
  WIDGET_ERRORS,
  WIDGET_LIMITS,
  type WidgetErrorCode,
  type WidgetServerFrame,
} from '../../protocol/widget';
import type { AppContext } from '../app-context';
import { createSecretToken, hashSecretToken } from '../auth/secret-token';
import { findOrganizationBySlug } from '../organization/organization-queries';
import { runWrite } from '../realtime/write-transaction';
import { isOpen, sendFrame, type StreamSocket } from '../realtime/stream-socket';
import { readChatSettings } from './chat-settings-queries';
import { profileOf, saveVisitorProfile, storeVisitorMessage } from './store-visitor-message';
import type { VisitorClient } from './widget-hub';
import type { WidgetLimits } from './widget-limits';
import { findVisitor, toWidgetMessage, visitorConversation, visitorHistory } from './visitor-queries';

export type VisitorSession = {
  /** Looks the visitor up and sends `ready`; frames received meanwhile wait for it. */
  open(query: unknown): Promise<void>;
  frame(data: RawData, isBinary: boolean): void;
  /** The socket closed: the visitor stops being live here. */
  closed(): void;
};

type Opened = { orgId: number; token: string; tokenHash: string; client: VisitorClient };

const NO_NAMES: ReadonlyMap<number, string> = new Map();

function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function frameBytes(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/**
 * One widget socket, from `ready` to close. States: opening (the organization, its settings and
 * the visitor are looked up; frames queue) → open (frames handled one at a time, in order) →
 * closed. An address over its new-sockets limit closes the socket (4029); an organization that
 * does not exist or whose chat is off closes it (4003); a socket silent for WIDGET_LIMITS.idleMs
 * is closed (3408), so a vanished visitor does not stay live. The visitor's contact is live
 * (presence hub) from `ready`, or from their first message, until the socket closes.
 */
export function createVisitorSession(deps: { ctx: AppContext; socket: StreamSocket; ip: string; limits: WidgetLimits; log: FastifyBaseLogger }): VisitorSession {
  const { ctx, socket, ip, limits, log } = deps;
  let opened: Opened | null = null;
  let isClosed = false;
  let liveContact: number | null = null;
  let chain: Promise<void> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;

  const send = (frame: WidgetServerFrame) => sendFrame(socket, JSON.stringify(frame));
  const refuse = (code: WidgetErrorCode, clientId?: string, error: string = WIDGET_ERRORS[code]) =>
    send(clientId === undefined ? { action: 'error', code, error } : { action: 'error', code, error, client_id: clientId });
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.close(WIDGET_CLOSE_CODES.idle, 'Idle'), WIDGET_LIMITS.idleMs);
  };
  const goLive = (orgId: number, contactId: number) => {
    if (isClosed || liveContact !== null) return;
    liveContact = contactId;
    ctx.presence.contactJoin(orgId, contactId);
  };

  async function open(query: unknown): Promise<void> {
    resetIdle();
    if (!(await limits.connect(ip))) {
      if (!isClosed) socket.close(WIDGET_CLOSE_CODES.tooManyConnections, WIDGET_ERRORS.tooManyConnections);
      return;
    }
    const parsed = widgetStreamQuery.safeParse(query ?? {});
    const organization = parsed.success ? await findOrganizationBySlug(ctx.db, parsed.data.org) : undefined;
    const settings = organization ? await readChatSettings(ctx.db, organization.id) : null;
    if (isClosed) return;
    if (!parsed.success || !organization || !settings?.enabled) {
      socket.close(WIDGET_CLOSE_CODES.unavailable, WIDGET_ERRORS.unavailable);
      return;
    }
    const orgId = organization.id;
    const given = parsed.data.visitor;
    const known = given ? await findVisitor(ctx.db, orgId, hashSecretToken(given)) : undefined;
    // An unknown token is replaced: the server chooses every token it will accept.
    const token = known && given ? given : createSecretToken();
    const client: VisitorClient = { socket, orgId, conversationId: null };
    await ctx.widgets.add(client);
    if (isClosed) {
      ctx.widgets.remove(client);
      return;
    }
    opened = { orgId, token, tokenHash: hashSecretToken(token), client };
    const conversation = known?.contact_id ? await visitorConversation(ctx.db, orgId, known.contact_id) : undefined;
    client.conversationId = conversation?.id ?? null;
    const messages = conversation ? await visitorHistory(ctx.db, orgId, conversation.id) : [];
    if (known) await ctx.db.updateTable('chat_visitors').set({ last_seen_at: ctx.clock() }).where('id', '=', known.id).execute();
    if (isClosed) return;
    send({ action: 'ready', visitor: token, messages, profile: profileOf(known) });
    if (known?.contact_id) goLive(orgId, known.contact_id);
  }

  async function handle(text: string): Promise<void> {
    if (!opened || isClosed) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      refuse('invalid');
      return;
    }
    const action = typeof json === 'object' && json !== null && 'action' in json ? json.action : undefined;
    if (action === 'send') await onSend(opened, json);
    else if (action === 'identify') await onIdentify(opened, json);
    else refuse('invalid');
  }

  async function onSend(session: Opened, json: unknown): Promise<void> {
    const frame = visitorSendFrame.safeParse(json);
    if (!frame.success) {
      refuse('invalid');
      return;
    }
    const clientId = frame.data.client_id;
    if (!(await limits.write(session.tokenHash, ip))) {
      refuse('rate_limited', clientId);
      return;
    }
    const text = visitorMessageText.safeParse(frame.data.text);
    if (!text.success) {
      refuse(frame.data.text.length > WIDGET_LIMITS.messageChars ? 'too_long' : 'invalid', clientId);
      return;
    }
    const stored = await runWrite(writeDeps(), { orgId: session.orgId }, (write) =>
      storeVisitorMessage(write, { tokenHash: session.tokenHash, clientId, text: text.data }),
    );
    if (stored.status === 'blocked') {
      refuse('blocked', clientId);
      return;
    }
    session.client.conversationId = stored.conversationId;
    goLive(session.orgId, stored.contactId);
    send({ action: 'sent', client_id: clientId, message: toWidgetMessage(stored.message, NO_NAMES) });
    // The hub may not have known the conversation yet (a first message): the widget keeps a message once by id.
    if (stored.autoReply) send({ action: 'message', message: toWidgetMessage(stored.autoReply, NO_NAMES) });
  }

  async function onIdentify(session: Opened, json: unknown): Promise<void> {
    const frame = visitorIdentifyFrame.safeParse(json);
    if (!frame.success) {
      const field = frame.error.issues[0]?.path[0];
      refuse('invalid', undefined, field === 'email' ? 'Please enter a valid email address.' : field === 'name' ? 'Names can be at most 100 characters.' : WIDGET_ERRORS.invalid);
      return;
    }
    if (!(await limits.write(session.tokenHash, ip))) {
      refuse('rate_limited');
      return;
    }
    const { profile } = await runWrite(writeDeps(), { orgId: session.orgId }, (write) => saveVisitorProfile(write, session.tokenHash, frame.data));
    send({ action: 'profile', profile });
  }

  const writeDeps = () => ({ db: ctx.db, dialect: ctx.dialect, clock: ctx.clock, feed: ctx.feed });

  const enqueue = (run: () => Promise<void>) => {
    chain = chain.then(run).catch((error: unknown) => {
      log.error({ err: error }, 'Widget frame failed');
      if (isOpen(socket)) refuse('invalid');
    });
  };

  return {
    open(query) {
      const opening = open(query);
      // Frames wait for `ready`; a failed open is the route's to report (it closes the socket).
      enqueue(() => opening.catch(() => undefined));
      return opening;
    },
    frame(data, isBinary) {
      if (isClosed) return;
      resetIdle();
      if (frameBytes(data) > WIDGET_LIMITS.frameBytes) {
        socket.close(WIDGET_CLOSE_CODES.frameTooLarge, WIDGET_ERRORS.frameTooLarge);
        return;
      }
      if (isBinary) return;
      const text = frameText(data);
      if (text === PING) {
        sendFrame(socket, PONG);
        return;
      }
      enqueue(() => handle(text));
    },
    closed() {
      isClosed = true;
      clearTimeout(idle);
      if (opened) ctx.widgets.remove(opened.client);
      if (opened && liveContact !== null) ctx.presence.contactLeave(opened.orgId, liveContact);
      liveContact = null;
    },
  };
}
