import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IntegrationProperties } from '../../src/protocol/api/billing-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { ROLE_PRESETS } from '../../src/protocol/roles';
import type { ApiClient } from '../support/api-client';
import type { Contact, Message } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { CARD_DECLINED, startStripeServer, type StripeTestServer } from '../support/stripe-server';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';
import { LONE_SURROGATE_ERROR } from '../../src/protocol/api/text-fields';
import { invitedTeammate } from './teammates';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

const INTEGRATIONS_SECRET = 'a-test-secret-that-encrypts-integration-keys';
const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

let stripe: StripeTestServer;
const env: Record<string, string> = { INTEGRATIONS_SECRET };
beforeAll(async () => {
  stripe = await startStripeServer();
  env.STRIPE_API_URL = stripe.url;
});
afterAll(() => stripe.stop());

type Shop = SignedUp & { contact: Contact; conversationId: number; key: string; webhookSecret: string };
type WithNote = { contact: Contact; note: Message | null };

/** An organization with one conversation whose contact has an address of its own, Stripe connected. */
async function shop(suite: ServerSuite, connect = true): Promise<Shop> {
  const inbox = await signUpWithInbox(suite, 1, 1);
  const conversation = firstConversation(inbox);
  const email = `buyer-${uid()}@example.com`;
  await suite.db().updateTable('contacts').set({ email }).where('id', '=', conversation.contact_id).execute();
  const key = `rk_test_${uid()}${uid()}`;
  const webhookSecret = `whsec_${uid()}${uid()}`;
  if (connect) {
    const connected = await inbox.api.request<IntegrationProperties>('PUT', 'integrations/stripe', { body: { api_key: key, webhook_secret: webhookSecret } });
    if (connected.status !== 200) throw new Error(`Connect failed: ${connected.status} ${connected.text}`);
  }
  const contact = (await inbox.api.get<Contact>(`contacts/${conversation.contact_id}`)).body;
  return { ...inbox, contact, conversationId: conversation.id, key, webhookSecret };
}

/** As the merchant: a customer with a card, paid `amount` cents. */
async function customerWithPayment(email: string, amount = 4200) {
  const client = stripe.client();
  const customer = await client.customers.create({ email, name: 'Dana Buyer', source: 'tok_visa' });
  const charge = await client.charges.create({ amount, currency: 'usd', customer: customer.id, description: 'Pro plan, yearly' });
  return { customer, charge };
}

async function subscribe(customerId: string) {
  const client = stripe.client();
  const plan = `pro-${uid()}`;
  await client.plans.create({ id: plan, amount: 2900, currency: 'usd', interval: 'month', nickname: 'Pro', product: { name: 'Pro' } });
  return client.subscriptions.create({ customer: customerId, items: [{ plan }] });
}

const refundsOf = async (chargeId: string) => (await stripe.client().refunds.list({ charge: chargeId })).data;
/** The refunds the inbox asked Stripe for on a charge (the merchant's own calls use another key). */
const refundRequests = (s: Shop, chargeId: string) => stripe.requests.filter((r) => r.key === s.key && r.method === 'POST' && r.path === '/v1/refunds' && r.body.charge === chargeId);

describeEachDatabase('billing from Stripe', (database) => {
  const suite = useServerSuite(database, env);
  const confirm = (s: Shop, headers = mutation()) =>
    s.api.post<Contact>(`contacts/${s.contact.id}/payment-email`, { email: s.contact.email, source: 'stripe' }, { headers });

  it('connects Stripe with a restricted key that is sealed at rest and never sent back, for organization.update only', async () => {
    const s = await shop(suite, false);
    const mate = await invitedTeammate(suite, s);
    expect((await mate.request('PUT', 'integrations/stripe', { body: { api_key: s.key } })).status).toBe(403);
    expect((await mate.get('integrations/stripe/properties')).status).toBe(403);
    expect((await s.api.request('PUT', 'integrations/stripe', { body: { api_key: 'not-a-key' } })).body).toEqual({ errors: { api_key: 'must be a Stripe restricted key (rk_live_…)' } });
    expect((await s.api.get('integrations/paypal/properties')).status).toBe(400);

    const connected = await s.api.request<IntegrationProperties>('PUT', 'integrations/stripe', { body: { api_key: s.key, webhook_secret: s.webhookSecret } });
    expect(connected.status).toBe(200);
    expect(connected.text).not.toContain(s.key);
    expect(connected.body).toMatchObject({ connected: true, can_connect: true, has_webhook_secret: true, key_hint: `rk_test_…${s.key.slice(-4)}`, last_error: null });
    expect(connected.body.webhook_url).toMatch(new RegExp(`/api/integrations/stripe/webhook/${s.domain}$`));
    const stored = await suite.db().selectFrom('integrations').selectAll().where('name', '=', 'stripe').where('key_hint', '=', connected.body.key_hint ?? '').executeTakeFirstOrThrow();
    expect(stored.api_key).not.toContain(s.key.slice(8));
    expect(stored.webhook_secret).not.toContain(s.webhookSecret.slice(6));
    expect(stripe.requests.some((r) => r.key === s.key && r.path === '/v1/customers')).toBe(true);

    const revokedKey = `rk_test_${uid()}${uid()}`;
    stripe.revoke(revokedKey);
    const refused = await s.api.request<{ errors: Record<string, string> }>('PUT', 'integrations/stripe', { body: { api_key: revokedKey } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.api_key).toMatch(/^was refused by Stripe: Expired API Key provided/);

    const gone = await s.api.delete<IntegrationProperties>('integrations/stripe');
    expect(gone.body).toMatchObject({ connected: false, key_hint: null });
    expect((await s.api.post(`contacts/${s.contact.id}/billing/refresh`)).body).toEqual({ error: 'Stripe is not connected. Connect it in Settings → Integrations.' });
  });

  it('suggests the Stripe customer with the contact’s email; confirming shows payments with refunds and who confirmed; unlinking hides them', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '');
    await stripe.client().refunds.create({ charge: charge.id, amount: 700, metadata: { reason: 'Late delivery' } });

    const refreshed = await s.api.post<Contact>(`contacts/${s.contact.id}/billing/refresh`, undefined, { headers: mutation() });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.financials?.sources).toEqual([expect.objectContaining({ email: s.contact.email, is_suggested: true, confirmed_by: null })]);
    expect(refreshed.body.financials?.payments.data).toEqual([]);

    const headers = mutation();
    const confirmed = await confirm(s, headers);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.financials?.sources).toEqual([
      expect.objectContaining({ email: s.contact.email, is_suggested: false, confirmed_by: s.session.agent.id, confirmed_at: expect.any(Number) as number }),
    ]);
    expect(confirmed.body.financials?.payments.data).toEqual([
      expect.objectContaining({ id: charge.id, amount: 4200, amount_refunded: 700, currency: 'usd', refunds: [expect.objectContaining({ amount: 700, reason: 'Late delivery' })] }),
    ]);
    const feed = await suite.db().selectFrom('changes').select(['col', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    expect(feed).toEqual([{ col: 'contacts', doc_id: String(s.contact.id) }]);

    const unlinked = await s.api.request<Contact>('DELETE', `contacts/${s.contact.id}/payment-email`, { body: { email: s.contact.email, source: 'stripe' }, headers: mutation() });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.financials?.sources).toEqual([expect.objectContaining({ is_suggested: true })]);
    expect(unlinked.body.financials?.payments.data).toEqual([]);
    expect((await s.api.request('DELETE', `contacts/${s.contact.id}/payment-email`, { body: { email: s.contact.email, source: 'stripe' } })).status).toBe(404);
  });

  it('refunds part of a payment: 12.5 dollars reach Stripe as 1250 cents with the reason, the note says who and what, and a replayed row refunds once', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '');
    await confirm(s);
    const headers = mutation();
    const body = { amount: 12.5, reason: 'Charged twice for March', conversation_id: s.conversationId };
    const refunded = await s.api.post<WithNote>(`contacts/${s.contact.id}/refund/${charge.id}`, body, { headers });
    expect(refunded.status).toBe(200);
    const payment = refunded.body.contact.financials?.payments.data[0];
    expect(payment).toMatchObject({ id: charge.id, amount_refunded: 1250, refunds: [expect.objectContaining({ amount: 1250, reason: 'Charged twice for March' })] });
    expect(refunded.body.note).toMatchObject({ type: 'NOTE', conversation_id: s.conversationId, agent_id: s.session.agent.id });
    expect(refunded.body.note?.message).toBe(`${s.name} refunded $12.50 of $42 (payment ${charge.id}). Reason: Charged twice for March`);

    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.charge === charge.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ key: s.key, body: { amount: '1250', reason: 'requested_by_customer', metadata: { reason: 'Charged twice for March' } } });
    expect(sent[0]?.idempotencyKey).toMatch(/^refund-[0-9a-f]{64}$/);

    // A repeat the server answered: its stored answer, nothing sent to Stripe.
    const replay = await s.api.post<WithNote>(`contacts/${s.contact.id}/refund/${charge.id}`, body, { headers });
    expect(replay.headers.get('x-mutation-replayed')).toBe('true');
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.charge === charge.id)).toHaveLength(1);
    // A repeat after a crash between Stripe's answer and the commit (the stored answer lost):
    // Stripe gets the same idempotency key and refunds nothing more.
    await suite.db().deleteFrom('mutations').where('mutation_id', '=', headers[MUTATION_HEADER]).execute();
    const again = await s.api.post<WithNote>(`contacts/${s.contact.id}/refund/${charge.id}`, body, { headers });
    expect(again.status).toBe(200);
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.charge === charge.id).map((r) => r.idempotencyKey);
    expect(keys).toEqual([sent[0]?.idempotencyKey, sent[0]?.idempotencyKey]);
    expect((await refundsOf(charge.id)).map((r) => r.amount)).toEqual([1250]);
    expect(again.body.contact.financials?.payments.data[0]?.amount_refunded).toBe(1250);

    // The rest, with no amount: the whole remainder.
    const rest = await s.api.post<WithNote>(`contacts/${s.contact.id}/refund/${charge.id}`, { reason: 'Goodwill', conversation_id: s.conversationId }, { headers: mutation() });
    expect(rest.body.note?.message).toBe(`${s.name} refunded $29.50 (payment ${charge.id}). Reason: Goodwill`);
    expect(rest.body.contact.financials?.payments.data[0]).toMatchObject({ amount_refunded: 4200, status: 'refunded' });
  });

  it('answers Stripe’s refusal with its text and changes nothing: a revoked key', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '', 1000);
    const linked = (await confirm(s)).body;
    const notes = () => suite.db().selectFrom('messages').select('id').where('conversation_id', '=', s.conversationId).where('type', '=', 'NOTE').execute();
    const notesBefore = await notes();

    stripe.revoke(s.key);
    const revoked = await s.api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 2, reason: 'x', conversation_id: s.conversationId }, { headers: mutation() });
    expect(revoked.status).toBe(422);
    expect(String(revoked.body.error)).toMatch(/^Stripe: Expired API Key provided/);
    const after = (await s.api.get<Contact>(`contacts/${s.contact.id}`)).body;
    expect(after.version).toBe(linked.version);
    expect(after.financials?.payments.data[0]?.amount_refunded).toBe(0);
    expect(await notes()).toEqual(notesBefore);
    expect((await s.api.get<IntegrationProperties>('integrations/stripe/properties')).body.last_error).toMatch(/^Expired API Key provided/);
  });

  it('answers a declined card with Stripe’s text, changes nothing, and the same action goes through once Stripe accepts it', async () => {
    const s = await shop(suite);
    const { customer, charge } = await customerWithPayment(s.contact.email ?? '', 3000);
    const subscription = await subscribe(customer.id);
    const linked = (await confirm(s)).body;
    const notes = () => suite.db().selectFrom('messages').select('id').where('conversation_id', '=', s.conversationId).where('type', '=', 'NOTE').execute();
    const notesBefore = await notes();

    stripe.refuseNext('POST', /^\/v1\/refunds$/, CARD_DECLINED, s.key);
    const headers = mutation();
    const declined = await s.api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 5, reason: 'Late', conversation_id: s.conversationId }, { headers });
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({ error: 'Stripe: Your card was declined.' });
    stripe.refuseNext('DELETE', new RegExp(`^/v1/subscriptions/${subscription.id}$`), CARD_DECLINED, s.key);
    const cancel = await s.api.delete(`contacts/${s.contact.id}/subscriptions/${subscription.id}?when=now&conversation_id=${s.conversationId}`, { headers: mutation() });
    expect(cancel.status).toBe(422);
    expect(cancel.body).toEqual({ error: 'Stripe: Your card was declined.' });

    const after = (await s.api.get<Contact>(`contacts/${s.contact.id}`)).body;
    expect(after.version).toBe(linked.version);
    expect(after.financials?.payments.data[0]?.amount_refunded).toBe(0);
    expect(after.financials?.subscriptions.latest[0]?.status).toBe('active');
    expect(await notes()).toEqual(notesBefore);
    expect(await refundsOf(charge.id)).toEqual([]);
    expect((await s.api.get<IntegrationProperties>('integrations/stripe/properties')).body.last_error).toBe('Your card was declined.');

    const accepted = await s.api.post<WithNote>(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 5, reason: 'Late', conversation_id: s.conversationId }, { headers: mutation() });
    expect(accepted.status).toBe(200);
    expect((await refundsOf(charge.id)).map((refund) => refund.amount)).toEqual([500]);
    expect((await s.api.get<IntegrationProperties>('integrations/stripe/properties')).body.last_error).toBeNull();
  });

  it('cancels one subscription at the end of its period and another now, each with its note', async () => {
    const s = await shop(suite);
    const { customer } = await customerWithPayment(s.contact.email ?? '');
    const first = await subscribe(customer.id);
    const second = await subscribe(customer.id);
    const linked = (await confirm(s)).body;
    expect(linked.subscription_status).toBe('active');
    expect(linked.financials?.subscriptions.latest.map((sub) => sub.id).sort()).toEqual([first.id, second.id].sort());

    const atEnd = await s.api.delete<WithNote>(`contacts/${s.contact.id}/subscriptions/${first.id}?when=period_end&conversation_id=${s.conversationId}`, { headers: mutation() });
    expect(atEnd.status).toBe(200);
    const ending = atEnd.body.contact.financials?.subscriptions.latest.find((sub) => sub.id === first.id);
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true, plan: 'Pro', amount: 2900 });
    expect(atEnd.body.note?.message).toMatch(new RegExp(`^${s.name} cancelled subscription ${first.id} \\(Pro\\) at the end of its period, \\d{4}-\\d\\d-\\d\\d\\.$`));
    expect(stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${first.id}`)?.body).toEqual({ cancel_at_period_end: 'true' });

    const now = await s.api.delete<WithNote>(`contacts/${s.contact.id}/subscriptions/${second.id}?when=now&conversation_id=${s.conversationId}`, { headers: mutation() });
    expect(now.body.contact.financials?.subscriptions.latest.find((sub) => sub.id === second.id)).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number) as number });
    expect(now.body.note?.message).toBe(`${s.name} cancelled subscription ${second.id} (Pro) now.`);
    expect(stripe.requests.find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${second.id}`)?.idempotencyKey).toMatch(/^cancel-/);
    expect((await s.api.delete(`contacts/${s.contact.id}/subscriptions/${second.id}?when=later`)).status).toBe(400);
  });

  it('refreshes the contact from a signed Stripe webhook and refuses a bad signature', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '');
    const linked = (await confirm(s)).body;
    await stripe.client().refunds.create({ charge: charge.id, amount: 500, metadata: { reason: 'Refunded in Stripe' } });
    const payload = JSON.stringify({ id: `evt_${uid()}`, object: 'event', type: 'charge.refunded', data: { object: { ...charge, amount_refunded: 500 } } });
    const path = `integrations/stripe/webhook/${s.domain}`;
    const client = suite.client();

    const forged = stripe.client().webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
    const refused = await client.post(path, payload, { headers: { 'stripe-signature': forged } });
    expect(refused.status).toBe(400);
    expect((await client.post(path, payload)).status).toBe(400);
    expect((await s.api.get<Contact>(`contacts/${s.contact.id}`)).body.version).toBe(linked.version);

    const signature = stripe.client().webhooks.generateTestHeaderString({ payload, secret: s.webhookSecret });
    const accepted = await client.post(path, payload, { headers: { 'stripe-signature': signature } });
    expect(accepted.body).toEqual({ received: true, refreshed: 1 });
    const after = (await s.api.get<Contact>(`contacts/${s.contact.id}`)).body;
    expect(after.financials?.payments.data[0]?.refunds).toEqual([expect.objectContaining({ amount: 500, reason: 'Refunded in Stripe' })]);
    expect((await client.post(`integrations/stripe/webhook/no-such-${uid()}`, payload, { headers: { 'stripe-signature': signature } })).status).toBe(404);
  });

  it('answers another organization’s contact, charge or subscription as missing', async () => {
    const a = await shop(suite);
    const b = await shop(suite);
    const { charge } = await customerWithPayment(a.contact.email ?? '');
    await confirm(a);
    expect((await b.api.post(`contacts/${a.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'x' })).status).toBe(404);
    expect((await b.api.post(`contacts/${a.contact.id}/payment-email`, { email: a.contact.email, source: 'stripe' })).status).toBe(404);
    expect((await b.api.post(`contacts/${b.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'x' })).status).toBe(404);
    expect((await a.api.post(`contacts/${a.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'x', conversation_id: b.conversationId })).status).toBe(404);
    expect((await refundsOf(charge.id))).toEqual([]);
    expect((await a.api.post(`contacts/${a.contact.id}/refund/${charge.id}`, { amount: -1, reason: 'x' })).body).toEqual({ errors: { amount: 'must be more than 0' } });
    expect((await a.api.post(`contacts/${a.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'a\u0000b' })).status).toBe(400);
  });

  it('refunds and cancels need billing.refund: an agent without it is refused before Stripe hears of it, and the owner and an admin hold it', async () => {
    const s = await shop(suite);
    const { customer, charge } = await customerWithPayment(s.contact.email ?? '', 3000);
    const subscription = await subscribe(customer.id);
    await confirm(s);
    const refund = (api: ApiClient) => api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'Goodwill', conversation_id: s.conversationId }, { headers: mutation() });
    const cancel = (api: ApiClient) => api.delete(`contacts/${s.contact.id}/subscriptions/${subscription.id}?when=period_end&conversation_id=${s.conversationId}`, { headers: mutation() });

    const agent = await invitedTeammate(suite, s);
    for (const refused of [await refund(agent), await cancel(agent)]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'You do not have permission to do this.' });
    }
    expect(refundRequests(s, charge.id)).toEqual([]);
    expect(stripe.requests.filter((r) => r.key === s.key && r.path === `/v1/subscriptions/${subscription.id}` && r.method !== 'GET')).toEqual([]);
    // Looking billing up and linking payment emails stay open to every agent.
    expect((await agent.post(`contacts/${s.contact.id}/billing/refresh`, undefined, { headers: mutation() })).status).toBe(200);

    const granted = await invitedTeammate(suite, s, ['billing.refund']);
    expect((await refund(granted)).status).toBe(200);
    const admin = await invitedTeammate(suite, s, [...ROLE_PRESETS.admin]);
    expect((await cancel(admin)).status).toBe(200);
    expect((await refund(s.api)).status).toBe(200);
    expect((await refundsOf(charge.id)).map((r) => r.amount)).toEqual([100, 100]);
  });

  it('refuses a refund over what is left, or of less than a cent, with 400 and sends Stripe nothing', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '', 1000);
    await stripe.client().refunds.create({ charge: charge.id, amount: 300 });
    const linked = (await confirm(s)).body;
    expect(linked.financials?.payments.data[0]?.amount_refunded).toBe(300);
    const refund = (body: Record<string, unknown>) => s.api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { reason: 'x', conversation_id: s.conversationId, ...body }, { headers: mutation() });

    expect((await refund({ amount: 7.01 })).body).toEqual({ errors: { amount: 'is more than the $7 left to refund' } });
    for (const amount of [0.001, 12.345, 0.009]) {
      const refused = await refund({ amount });
      expect(refused.status, String(amount)).toBe(400);
      expect(refused.body).toEqual({ errors: { amount: 'must have at most 2 decimals' } });
    }
    expect((await refund({ amount: 0 })).body).toEqual({ errors: { amount: 'must be more than 0' } });
    expect(refundRequests(s, charge.id)).toEqual([]);

    // Refunded in Stripe since the view was read: Stripe's own figures are checked before refunding.
    await stripe.client().refunds.create({ charge: charge.id, amount: 600 });
    expect((await refund({ amount: 2 })).body).toEqual({ errors: { amount: 'is more than the $1 left to refund' } });
    expect(refundRequests(s, charge.id)).toEqual([]);
    const rest = await refund({ amount: 1 });
    expect(rest.status).toBe(200);
    expect(refundRequests(s, charge.id).map((r) => r.body.amount)).toEqual(['100']);
    expect((await refund({})).body).toEqual({ errors: { amount: 'nothing is left to refund on this payment' } });
    expect(refundRequests(s, charge.id)).toHaveLength(1);
  });

  it('refuses a lone surrogate in a refund reason with 400, and sends Stripe nothing', async () => {
    const s = await shop(suite);
    const { charge } = await customerWithPayment(s.contact.email ?? '', 1000);
    await confirm(s);
    // JSON.stringify writes a lone surrogate as its escape (`\ud800`), as a hostile client would.
    for (const reason of ['Late \ud800 delivery', 'Late \udc00', '\udbff']) {
      const refused = await s.api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 1, reason, conversation_id: s.conversationId }, { headers: mutation() });
      expect(refused.status, JSON.stringify(reason)).toBe(400);
      expect(refused.body).toEqual({ errors: { reason: LONE_SURROGATE_ERROR } });
    }
    expect(refundRequests(s, charge.id)).toEqual([]);
    // A character outside the first plane, as a pair, is text like any other.
    const paired = await s.api.post(`contacts/${s.contact.id}/refund/${charge.id}`, { amount: 1, reason: 'Late 📦', conversation_id: s.conversationId }, { headers: mutation() });
    expect(paired.status).toBe(200);
  });
});
