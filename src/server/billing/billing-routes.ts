import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import {
  cancelSubscriptionQuery,
  paymentEmailBody,
  refundBody,
  refundParams,
  subscriptionParams,
} from '../../protocol/api/billing-requests';
import { contactParams } from '../../protocol/api/conversation-requests';
import { currencyDecimals, exactMinorUnits, formatMoney } from '../../protocol/billing/money';
import type { ContactFinancials, Payment } from '../../protocol/billing/financials';
import { ACTION_PERMISSIONS } from '../../protocol/roles';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import type { SignedIn } from '../http/signed-in';
import { toContact } from '../contacts/contact-model';
import { findConversationRow } from '../conversations/conversation-queries';
import type { ContactPaymentLinkRow } from './billing-tables';
import type { ContactRow } from '../contacts/contact-tables';
import { requireSession } from '../http/auth-hook';
import { fieldError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { connectedStripe, stripeFailure, stripeSucceeded } from '../integrations/stripe-client';
import { runMutation } from '../mutations/run-mutation';
import type { Write } from '../realtime/write-transaction';
import { billingNote, deletePaymentLink, writeBillingState } from './billing-writes';
import { readBillingState, type BillingState } from './stripe-financials';

type Target = { contact: ContactRow; stripe: Stripe; links: ContactPaymentLinkRow[] };

async function contactRow(ctx: AppContext, orgId: number, id: number): Promise<ContactRow> {
  const row = await ctx.db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function paymentLinks(ctx: AppContext, orgId: number, contactId: number): Promise<ContactPaymentLinkRow[]> {
  return ctx.db.selectFrom('contact_payment_links').selectAll().where('org_id', '=', orgId).where('contact_id', '=', contactId).orderBy('confirmed_at').execute();
}

async function target(ctx: AppContext, caller: SignedIn, request: FastifyRequest): Promise<Target> {
  const orgId = caller.organization.id;
  const contact = await contactRow(ctx, orgId, parseInput(contactParams, { id: (request.params as { id?: unknown }).id }).id);
  return { contact, stripe: await connectedStripe(ctx, orgId), links: await paymentLinks(ctx, orgId, contact.id) };
}

/** Runs Stripe calls, turning Stripe's refusals into the caller's 4xx (with Stripe's text). */
async function withStripe<T>(ctx: AppContext, orgId: number, call: () => Promise<T>): Promise<T> {
  try {
    const value = await call();
    await stripeSucceeded(ctx, orgId);
    return value;
  } catch (error) {
    throw await stripeFailure(ctx, orgId, error);
  }
}

function cached(contact: ContactRow): ContactFinancials | null {
  return toContact(contact).financials ?? null;
}

/** The conversation a note goes on must be the contact's: checked before Stripe is called. */
async function assertNoteTarget(ctx: AppContext, orgId: number, contact: ContactRow, conversationId: number | null | undefined): Promise<void> {
  if (conversationId === null || conversationId === undefined) return;
  const conversation = await findConversationRow(ctx.db, orgId, conversationId);
  if (!conversation || conversation.contact_id !== contact.id) throw notFound();
}

/**
 * The minor units a refund takes, checked before Stripe hears of it: a whole number of the
 * currency's minor units (0.001 USD would reach Stripe as 0) and at most what is left of the
 * payment (`left`: the charge's amount less what was refunded). Omitted: everything left.
 */
function refundAmount(amount: number | null | undefined, payment: Pick<Payment, 'currency'>, left: number): number {
  if (left <= 0) throw fieldError('amount', 'nothing is left to refund on this payment');
  if (amount === null || amount === undefined) return left;
  const minor = exactMinorUnits(amount, payment.currency);
  const decimals = currencyDecimals(payment.currency);
  if (minor === null || minor < 1) {
    throw fieldError('amount', decimals === 0 ? `must be a whole amount of ${payment.currency.toUpperCase()}` : `must have at most ${decimals} decimals`);
  }
  if (minor > left) throw fieldError('amount', `is more than the ${formatMoney(left, payment.currency)} left to refund`);
  return minor;
}

const agentName = (caller: SignedIn) => caller.agent.name || caller.agent.email;
const date = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/**
 * A contact's billing (§1, §7): confirm or unlink payment emails, refresh from Stripe, refund a
 * payment, cancel a subscription. Every call reads Stripe before the write transaction (with an
 * idempotency key derived from the mutation id, so a replayed outbox row never refunds twice),
 * then writes the contact's cached view and the action's internal note in one transaction.
 * Any agent may look billing up and link payment emails; a refund or a cancel needs
 * `billing.refund` (money leaves); connecting Stripe needs `organization.update`.
 */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  const refreshAfter = (t: Target, links: ContactPaymentLinkRow[], orgId: number, now: number) =>
    withStripe(ctx, orgId, () => readBillingState(t.stripe, t.contact.email, links, now));

  registerRoute(app, MUTATION_ROUTES['refresh-billing'], { preHandler }, (request, reply) =>
    runMutation<{ t: Target; state: BillingState }>(
      ctx,
      request,
      reply,
      async (write, _caller, { t, state }) => writeBillingState(write, t.contact.id, state),
      {
        external: async (caller) => {
          const t = await target(ctx, caller, request);
          return { t, state: await refreshAfter(t, t.links, caller.organization.id, ctx.clock()) };
        },
      },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['confirm-payment-email'], { preHandler }, (request, reply) =>
    runMutation<{ t: Target; state: BillingState; email: string; source: string }>(
      ctx,
      request,
      reply,
      async (write, caller, { t, state, email, source }) => {
        await deletePaymentLink(write, t.contact.id, source, email);
        await write.trx
          .insertInto('contact_payment_links')
          .values({ org_id: write.orgId, contact_id: t.contact.id, source, email, confirmed_by: caller.agent.id, confirmed_at: write.now })
          .execute();
        return writeBillingState(write, t.contact.id, state);
      },
      {
        external: async (caller) => {
          const { email, source } = parseInput(paymentEmailBody, request.body);
          const t = await target(ctx, caller, request);
          const now = ctx.clock();
          const link: ContactPaymentLinkRow = { org_id: caller.organization.id, contact_id: t.contact.id, source, email, confirmed_by: caller.agent.id, confirmed_at: now };
          const links = [...t.links.filter((l) => l.email !== email), link];
          return { t, email, source, state: await refreshAfter(t, links, caller.organization.id, now) };
        },
      },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['unlink-payment-email'], { preHandler }, (request, reply) =>
    runMutation<{ t: Target; state: BillingState; email: string; source: string }>(
      ctx,
      request,
      reply,
      async (write, _caller, { t, state, email, source }) => {
        await deletePaymentLink(write, t.contact.id, source, email);
        return writeBillingState(write, t.contact.id, state);
      },
      {
        external: async (caller) => {
          const { email, source } = parseInput(paymentEmailBody, request.body);
          const t = await target(ctx, caller, request);
          if (!t.links.some((link) => link.email === email && link.source === source)) throw notFound();
          const links = t.links.filter((link) => !(link.email === email && link.source === source));
          return { t, email, source, state: await refreshAfter(t, links, caller.organization.id, ctx.clock()) };
        },
      },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['refund-payment'], { preHandler }, (request, reply) =>
    runMutation<{ t: Target; state: BillingState; note: string; conversationId: number | null | undefined }>(
      ctx,
      request,
      reply,
      async (write: Write, caller, { t, state, note, conversationId }) => {
        const contact = await writeBillingState(write, t.contact.id, state);
        return { contact, note: await billingNote(write, t.contact, conversationId, caller.agent.id, note) };
      },
      {
        external: async (caller, idempotencyKey) => {
          const orgId = caller.organization.id;
          assertCan(caller.agent, ACTION_PERMISSIONS.refund);
          const { chargeId } = parseInput(refundParams, request.params);
          const body = parseInput(refundBody, request.body);
          const t = await target(ctx, caller, request);
          const payment = cached(t.contact)?.payments.data.find((p) => p.id === chargeId);
          if (!payment) throw notFound();
          await assertNoteTarget(ctx, orgId, t.contact, body.conversation_id);
          refundAmount(body.amount, payment, payment.amount - payment.amount_refunded);
          const refund = await withStripe(ctx, orgId, async () => {
            const charge = await t.stripe.charges.retrieve(chargeId);
            if (charge.customer !== payment.customer_id) throw notFound();
            // Stripe's own figures, in case a refund was made in Stripe since the view was read.
            const amount = refundAmount(body.amount, payment, charge.amount - charge.amount_refunded);
            return t.stripe.refunds.create(
              { charge: chargeId, amount, reason: 'requested_by_customer', metadata: { reason: body.reason, agent: agentName(caller) } },
              { idempotencyKey: `refund-${idempotencyKey}` },
            );
          });
          const state = await refreshAfter(t, t.links, orgId, ctx.clock());
          const whole = refund.amount === payment.amount - payment.amount_refunded;
          const note = `${agentName(caller)} refunded ${formatMoney(refund.amount, refund.currency)}${whole ? '' : ` of ${formatMoney(payment.amount, payment.currency)}`} (payment ${chargeId}). Reason: ${body.reason}`;
          return { t, state, note, conversationId: body.conversation_id };
        },
      },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['cancel-subscription'], { preHandler }, (request, reply) =>
    runMutation<{ t: Target; state: BillingState; note: string; conversationId: number | null | undefined }>(
      ctx,
      request,
      reply,
      async (write, caller, { t, state, note, conversationId }) => {
        const contact = await writeBillingState(write, t.contact.id, state);
        return { contact, note: await billingNote(write, t.contact, conversationId, caller.agent.id, note) };
      },
      {
        external: async (caller, idempotencyKey) => {
          const orgId = caller.organization.id;
          assertCan(caller.agent, ACTION_PERMISSIONS.cancelSubscription);
          const { subId } = parseInput(subscriptionParams, request.params);
          const query = parseInput(cancelSubscriptionQuery, request.query);
          const t = await target(ctx, caller, request);
          const known = cached(t.contact)?.subscriptions.latest.find((s) => s.id === subId);
          if (!known) throw notFound();
          await assertNoteTarget(ctx, orgId, t.contact, query.conversation_id);
          await withStripe(ctx, orgId, async () => {
            const current = await t.stripe.subscriptions.retrieve(subId);
            const customer = typeof current.customer === 'string' ? current.customer : current.customer.id;
            if (customer !== known.customer_id) throw notFound();
            return query.when === 'now'
              ? t.stripe.subscriptions.cancel(subId, {}, { idempotencyKey: `cancel-${idempotencyKey}` })
              : t.stripe.subscriptions.update(subId, { cancel_at_period_end: true }, { idempotencyKey: `cancel-${idempotencyKey}` });
          });
          const state = await refreshAfter(t, t.links, orgId, ctx.clock());
          const plan = known.plan ? ` (${known.plan})` : '';
          const note =
            query.when === 'now'
              ? `${agentName(caller)} cancelled subscription ${subId}${plan} now.`
              : `${agentName(caller)} cancelled subscription ${subId}${plan} at the end of its period${known.current_period_end ? `, ${date(known.current_period_end)}` : ''}.`;
          return { t, state, note, conversationId: query.conversation_id };
        },
      },
    ),
  );
}
