import type { Contact } from '../../protocol/documents';
import type { ContactFinancials } from '../../protocol/billing/financials';
import { withCancel, withLink, withRefund } from '../../protocol/billing/financials-patch';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, isMessageDoc, isRecord } from './answer-documents';
import type { AnswerDocuments, MutationDefinitions, Target } from './mutation-definition';
import { requestTo } from './route-request';

/**
 * A contact's billing (§7 `contacts/{id}/refund/…`, `…/subscriptions/…`, `…/payment-email`): rows of
 * one contact go in its lane, in order. The optimistic change is the cached view with the action
 * applied (a pending refund, a subscription marked cancelled, a link confirmed); the server's copy,
 * read again from Stripe, replaces it, and a refusal (a card declined, a key revoked) drops it.
 */
const contactLane = (input: { contact_id: number }) => [`contacts:${input.contact_id}`];
const contactTarget = (input: { contact_id: number }): Target[] => [{ col: 'contacts', id: input.contact_id }];

const isContactDoc = (value: Record<string, unknown>) => typeof value['id'] === 'number' && typeof value['version'] === 'number' && 'is_trusted' in value;

function contactAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isContactDoc);
  return doc ? { put: [{ col: 'contacts', docs: [doc] }] } : null;
}

/** `{contact, note}`: the contact's new view and the internal note the action left (if any). */
function contactAndNoteAnswer(body: unknown): AnswerDocuments | null {
  if (!isRecord(body)) return null;
  const contact = documentIn(body['contact'], isContactDoc);
  const note = documentIn(body['note'], isMessageDoc);
  const put: AnswerDocuments['put'] = [];
  if (contact) put.push({ col: 'contacts', docs: [contact] });
  if (note) put.push({ col: 'messages', docs: [note] });
  return put.length > 0 ? { put } : null;
}

function changed(doc: Contact | null, change: (financials: ContactFinancials) => ContactFinancials): Contact | null {
  if (!doc?.financials) return doc;
  return { ...doc, financials: change(doc.financials) };
}

function sampleContact(): Contact {
  return {
    id: 1,
    name: 'Dana',
    email: 'dana@example.com',
    avatar: null,
    is_trusted: false,
    company: null,
    version: 1,
    subscription_status: 'active',
    subscription_start: 1,
    financials: {
      sources: [{ source: 'stripe', email: 'dana@example.com', customer_ids: ['cus_1'], name: null, is_suggested: true, confirmed_by: null, confirmed_at: null }],
      payments: { data: [{ id: 'ch_1', customer_id: 'cus_1', amount: 4200, amount_refunded: 0, currency: 'usd', description: null, status: 'succeeded', created: 1, refunds: [] }] },
      subscriptions: {
        latest: [{ id: 'sub_1', customer_id: 'cus_1', status: 'active', plan: 'Pro', amount: 2900, currency: 'usd', interval: 'month', start: 1, current_period_end: 2, cancel_at_period_end: false, canceled_at: null }],
      },
      refreshed_at: 1,
    },
  };
}

const seed = { contacts: [sampleContact()] };

export const billingMutations = {
  'refresh-billing': {
    lanes: contactLane,
    targets: contactTarget,
    patch: { contacts: (doc, _input, { createdAt }) => changed(doc, (financials) => ({ ...financials, refreshed_at: createdAt })) },
    request: (input) => requestTo(MUTATION_ROUTES['refresh-billing'], { id: input.contact_id }),
    answer: contactAnswer,
    sample: { seed, input: { kind: 'refresh-billing', contact_id: 1 } },
  },
  'confirm-payment-email': {
    lanes: contactLane,
    targets: contactTarget,
    patch: { contacts: (doc, input, { createdAt }) => changed(doc, (financials) => withLink(financials, input.email, true, createdAt)) },
    request: (input) => requestTo(MUTATION_ROUTES['confirm-payment-email'], { id: input.contact_id }, { email: input.email, source: input.source }),
    answer: contactAnswer,
    sample: { seed, input: { kind: 'confirm-payment-email', contact_id: 1, email: 'dana@example.com', source: 'stripe' } },
  },
  'unlink-payment-email': {
    lanes: contactLane,
    targets: contactTarget,
    patch: { contacts: (doc, input, { createdAt }) => changed(doc, (financials) => withLink(financials, input.email, false, createdAt)) },
    request: (input) => requestTo(MUTATION_ROUTES['unlink-payment-email'], { id: input.contact_id }, { email: input.email, source: input.source }),
    answer: contactAnswer,
    sample: { seed, input: { kind: 'unlink-payment-email', contact_id: 1, email: 'dana@example.com', source: 'stripe' } },
  },
  'refund-payment': {
    lanes: contactLane,
    targets: contactTarget,
    touches: ['messages'],
    patch: { contacts: (doc, input, { createdAt }) => changed(doc, (financials) => withRefund(financials, input.charge_id, input.amount, input.reason, createdAt)) },
    request: (input) =>
      requestTo(MUTATION_ROUTES['refund-payment'], { id: input.contact_id, chargeId: input.charge_id }, {
        amount: input.amount ?? null,
        reason: input.reason,
        conversation_id: input.conversation_id ?? null,
      }),
    answer: contactAndNoteAnswer,
    sample: { seed, input: { kind: 'refund-payment', contact_id: 1, charge_id: 'ch_1', amount: 12.5, reason: 'Charged twice', conversation_id: null } },
  },
  'cancel-subscription': {
    lanes: contactLane,
    targets: contactTarget,
    touches: ['messages'],
    patch: { contacts: (doc, input, { createdAt }) => changed(doc, (financials) => withCancel(financials, input.subscription_id, input.when, createdAt)) },
    request: (input) => {
      const query = new URLSearchParams({ when: input.when });
      if (input.conversation_id) query.set('conversation_id', String(input.conversation_id));
      return requestTo(MUTATION_ROUTES['cancel-subscription'], { id: input.contact_id, subId: input.subscription_id }, undefined, `?${query.toString()}`);
    },
    answer: contactAndNoteAnswer,
    sample: { seed, input: { kind: 'cancel-subscription', contact_id: 1, subscription_id: 'sub_1', when: 'period_end', conversation_id: null } },
  },
} satisfies MutationDefinitions<'refresh-billing' | 'confirm-payment-email' | 'unlink-payment-email' | 'refund-payment' | 'cancel-subscription'>;
