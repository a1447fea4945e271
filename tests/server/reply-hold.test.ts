import { afterAll, it } from 'vitest';
import type { NewConversationResponse, ReplyResponse } from '../../src/protocol/api/conversation-requests';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Conversation } from '../../src/protocol/documents';
import { startDnsServer } from '../support/dns-server';
import { openStream } from '../support/stream-client';
import { conversationWithSubject, sendEmail, signUpWithChannel, threadOf, useEmailSuite, type EmailInbox, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid } from './server-suite';

/** The hold these servers are given (REPLY_HOLD_S), instead of the spec's 10 s. */
const HOLD_S = 2;

const dns = await startDnsServer();
afterAll(() => dns.stop());

const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** A conversation opened by the inbox's customer. */
async function openConversation(suite: EmailSuite, inbox: EmailInbox): Promise<Conversation> {
  const subject = `Hold ${uid()}`;
  await sendEmail(suite.server, {
    envelope: { from: inbox.customer, to: inbox.address },
    raw: `From: ${inbox.customer}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello.\r\n`,
  });
  return conversationWithSubject(inbox.api, subject);
}

describeEachDatabase('the reply hold set by REPLY_HOLD_S', (database) => {
  const suite = useEmailSuite(database, dns, { REPLY_HOLD_S: String(HOLD_S) });

  it('an email reply is held 2 s: its message says delay 2, it is still held before then, and it is delivered about 2 s after it was sent', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const conversation = await openConversation(suite, inbox);
    const text = `Held two seconds ${uid()}`;
    const sentAt = Date.now();
    const reply = await inbox.api.post<ReplyResponse>(`conversations/${conversation.id}/reply`, { message: text, source: 'EMAIL', sent_at: sentAt });
    expect(reply.status).toBe(201);
    const id = reply.body.message.id;
    expect(reply.body.message).toMatchObject({ status: 'PENDING', delay: HOLD_S, deliver_at: sentAt + HOLD_S * 1000 });
    const job = await suite.db().selectFrom('jobs').selectAll().where('ref', '=', id).executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(sentAt + HOLD_S * 1000);

    // Within its hold: nothing has left.
    await until(sentAt + HOLD_S * 1000 - 500);
    expect((await threadOf(inbox.api, conversation.id)).find((m) => m.id === id)?.status).toBe('PENDING');
    expect(suite.mail.messages.some((mail) => mail.text.includes(text))).toBe(false);

    const mail = await suite.mail.waitFor((received) => received.text.includes(text), 15_000);
    expect(mail.to).toContain(inbox.customer);
    // Well before the spec's 10 s, which these servers do not use.
    expect(Date.now() - sentAt).toBeLessThan(PENDING_MESSAGE_DELAY_S * 1000 - 2000);
    await expect.poll(async () => (await threadOf(inbox.api, conversation.id)).find((m) => m.id === id)?.status, { timeout: 10_000 }).toBe('SENT');
  });

  it('a conversation started by email holds its first message 2 s too, a chat reply is not held, and READY tells the browser the hold', async ({ expect }) => {
    const inbox = await signUpWithChannel(suite);
    const sentAt = Date.now();
    const started = await inbox.api.post<NewConversationResponse>('conversations/', { to: `lead-${uid()}@prospect.example`, subject: 'Hello', message: 'First words', sent_at: sentAt });
    expect(started.status).toBe(201);
    expect(started.body.message).toMatchObject({ status: 'PENDING', delay: HOLD_S, deliver_at: sentAt + HOLD_S * 1000 });

    const conversation = await openConversation(suite, inbox);
    const chat = await inbox.api.post<ReplyResponse>(`conversations/${conversation.id}/reply`, { message: 'Hello from chat', source: 'CHAT' });
    expect(chat.body.message).toMatchObject({ status: 'SENT', delay: 0, deliver_at: null });

    const socket = openStream(suite.server.url, { token: inbox.session.token, init: true });
    const { ready } = await socket.untilReady();
    expect(ready.document).toEqual({ window_days: 90, reply_hold_s: HOLD_S });
    await socket.close();
  });
});
