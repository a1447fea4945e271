import { it, type ExpectStatic } from 'vitest';
import type { Conversation } from '../../src/protocol/documents';
import { startSilentPushService, usePushService, type SilentPushService } from '../support/push-service';
import { conversationWithSubject, replyDueIn, sendEmail, signUpWithChannel, useEmailSuite, type EmailInbox, type EmailSuite } from './email-fixtures';
import { describeEachDatabase, uid, sharedDnsServer } from './server-suite';

/**
 * Background jobs are shared by every organization on a server: one organization whose push
 * services never answer must not hold up another's held reply or push (issue 34).
 */
// The worker's test DNS server: each test publishes records for domains of its own.
const dns = await sharedDnsServer();
const pushes = usePushService();

/** How long the held reply is still held when it is sent, and how late past that it may reach the customer. */
const HOLD_MS = 2_000;
const LATE_MS = 6_000;

async function customerWrites(suite: EmailSuite, inbox: EmailInbox): Promise<Conversation> {
  const subject = `Where is my order ${uid()}`;
  const customer = `customer-${uid()}@customer-${uid()}.example`;
  await sendEmail(suite.server, {
    envelope: { from: customer, to: inbox.address },
    raw: `From: ${customer}\r\nTo: ${inbox.address}\r\nSubject: ${subject}\r\nMessage-ID: <${uid()}@customer.example>\r\n\r\nHello?\r\n`,
  });
  return conversationWithSubject(inbox.api, subject);
}

describeEachDatabase('one organization never stalls another', (database) => {
  const suite = useEmailSuite(database, dns, { NODE_EXTRA_CA_CERTS: pushes.certificate.certPath, PUSH_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });

  it('a held reply and a push of one organization go out on time while another organization’s push services never answer', async ({ expect }) => {
    const silent = await startSilentPushService();
    try {
      await stalledAndOthers(suite, silent, expect);
    } finally {
      // Its pushes fail at once from now on, so the server stops without waiting for them.
      await silent.stop();
    }
  }, 60_000);
});

async function stalledAndOthers(suite: EmailSuite, silent: SilentPushService, expect: ExpectStatic): Promise<void> {
  // Organization A: its owner's four devices are on a push service that never answers, and four customers write in.
  const stalled = await signUpWithChannel(suite);
  for (let index = 0; index < 4; index++) expect((await stalled.api.post('account/notifications/register', silent.subscribe().json)).status).toBe(201);
  const connectionsBefore = silent.connections();
  for (let index = 0; index < 4; index++) await customerWrites(suite, stalled);
  const pendingPushes = async () =>
    (
      await suite
        .db()
        .selectFrom('jobs')
        .select('id')
        .where('org_id', '=', stalled.session.organization.id)
        .where('kind', '=', 'push_notification')
        .where('done_at', 'is', null)
        .execute()
    ).length;
  expect(await pendingPushes()).toBe(4);
  await expect.poll(() => silent.connections() - connectionsBefore, { timeout: 10_000, message: 'A push of A reached its push service' }).toBeGreaterThan(0);

  // Organization B: a reply held for HOLD_MS more reaches its customer about then.
  const held = await signUpWithChannel(suite);
  const conversation = await customerWrites(suite, held);
  const sentAt = Date.now();
  expect((await replyDueIn(held.api, conversation.id, HOLD_MS, 'Your order left this morning.')).status).toBeLessThan(300);
  const mail = await suite.mail.waitFor((received) => received.text.includes('Your order left this morning.'), HOLD_MS + LATE_MS);
  expect(mail.to).toHaveLength(1);
  expect(Date.now() - sentAt).toBeLessThan(HOLD_MS + LATE_MS);

  // Organization C: its owner's device, on a push service that answers, is told of a new conversation at once.
  const other = await signUpWithChannel(suite);
  const device = pushes.service.subscribe();
  expect((await other.api.post('account/notifications/register', device.json)).status).toBe(201);
  const told = Date.now();
  const news = await customerWrites(suite, other);
  const delivered = await pushes.service.waitFor((entry) => entry.subscriptionId === device.id, LATE_MS);
  expect(delivered.payload.conversation_id).toBe(news.id);
  expect(Date.now() - told).toBeLessThan(LATE_MS + 2_000);

  // A's pushes are still stuck, as they should be: nothing above waited for them.
  expect(await pendingPushes()).toBe(4);
  expect(pushes.service.rejected).toEqual([]);
}
