import type { InboxDatabase, LocalMessage } from '../../client-db/inbox-database';
import { storedReplyHold } from '../../client-db/reply-hold';
import { CHAT_MESSAGE_DELAY_S, PENDING_MESSAGE_DELAY_S, REMOVAL_ANIMATION_MS } from '../../protocol/constants';
import type { MutationInput, MutationOf } from '../../protocol/mutations/mutation-input';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, isMessageDoc, isRecord, messageAnswer, putting } from './answer-documents';
import { conversationLane, inConversationLane } from './conversation-scope';
import type { MutationDefinitions, PatchContext, RequestContext, Target } from './mutation-definition';
import { sampleConversation, sampleMessage } from './sample-documents';
import { requestTo } from './route-request';

type Send = MutationOf<'reply'> | MutationOf<'note'>;

/**
 * Replies, notes, the undo of a held send and the retry of one that was not delivered. A reply or note is created optimistically as a
 * PENDING message under a temporary id (`t-…`, sent as `target_id`); the server's copy names it
 * in `target_id` and replaces it. An edit, a delete or an undo may name that temporary id: they
 * wait behind it in the conversation's lane and are rewritten to the server's id once it is known.
 */
export const messageMutations = {
  reply: {
    lanes: (input) => [conversationLane(input.conversation_id), heldLane(input.conversation_id)],
    creates: 'messages',
    targets: (_input, tempId) => [createdMessage(tempId)],
    uses: draftOfSend,
    touches: ['conversations', 'drafts'],
    // A chat conversation's replies go out at once (§4); the held copy must say so too. A held
    // one is held as long as the server last said (client-db/reply-hold.ts), and confirmed by
    // this device at the end of its delay (`release`, queued with it).
    prepare: async (db, input) => {
      let source = input.source;
      if (source === undefined) source = (await db.conversations.get(input.conversation_id))?.channel === 'CHAT' ? 'CHAT' : undefined;
      const prepared = source === undefined ? input : { ...input, source };
      return source === 'CHAT' ? prepared : { ...prepared, delay: await storedReplyHold(db), awaits_release: true };
    },
    queued: async (db, input, context) => [...(await draftDeletedWithSend(db, input)), ...releaseOf(input, context)],
    patch: { messages: (_doc, input, context) => temporaryMessage(input, context) },
    request: (input, { tempId, createdAt }) => {
      const body: Record<string, unknown> = { message: input.message, target_id: tempId, sent_at: createdAt };
      if (input.source !== undefined) body['source'] = input.source;
      if (input.attachments?.length) body['attachments'] = input.attachments.map((file) => file.id);
      if (input.awaits_release) body['awaits_release'] = true;
      if (input.html !== undefined) body['html'] = input.html;
      if (input.cc?.length) body['cc'] = input.cc;
      if (input.bcc?.length) body['bcc'] = input.bcc;
      if (input.draft_id !== undefined) body['draft_id'] = input.draft_id;
      return requestTo(MUTATION_ROUTES.reply, { id: input.conversation_id, editor: 'reply' }, body);
    },
    // `{message, generated_id}`.
    answer: (body) => {
      const message = isRecord(body) ? documentIn(body['message'], isMessageDoc) : null;
      return message ? putting('messages', [message]) : null;
    },
    undoneBy: (createdId, input) => heldSendUndo({ id: createdId, conversation_id: input.conversation_id }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'reply', conversation_id: 1, message: 'Hello' } },
  },
  note: {
    ...inConversationLane,
    creates: 'messages',
    targets: (_input, tempId) => [createdMessage(tempId)],
    uses: draftOfSend,
    touches: ['drafts'],
    queued: draftDeletedWithSend,
    patch: { messages: (_doc, input, context) => temporaryMessage(input, context) },
    request: (input, { tempId }) => {
      const body: Record<string, unknown> = { message: input.message, target_id: tempId };
      if (input.attachments?.length) body['attachments'] = input.attachments.map((file) => file.id);
      if (input.mentions?.length) body['mentions'] = input.mentions;
      if (input.draft_id !== undefined) body['draft_id'] = input.draft_id;
      return requestTo(MUTATION_ROUTES.note, { id: input.conversation_id }, body);
    },
    answer: messageAnswer,
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'note', conversation_id: 1, message: 'Internal' } },
  },
  /**
   * Forward by email (`…/forward`): shown at once as a pending note "Forwarding to …", which the
   * server's note of the forward replaces. A forward names a message the server already has.
   */
  forward: {
    ...inConversationLane,
    creates: 'messages',
    targets: (_input, tempId) => [createdMessage(tempId)],
    patch: { messages: (_doc, input, context) => forwardingNote(input, context) },
    request: (input, { tempId }) => {
      const body: Record<string, unknown> = { to: input.to, target_id: tempId };
      if (input.note) body['note'] = input.note;
      if (input.message_id !== undefined) body['message_id'] = input.message_id;
      return requestTo(MUTATION_ROUTES.forward, { id: input.conversation_id }, body);
    },
    answer: messageAnswer,
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'forward', conversation_id: 1, to: ['a@example.com'] } },
  },
  'edit-note': {
    ...inConversationLane,
    targets: (input) => [{ col: 'messages', id: input.note_id }],
    refersTo: { id: (input) => input.note_id, withId: (input, id) => ({ ...input, note_id: id }) },
    patch: { messages: (doc, input) => doc && { ...doc, message: input.message, ...(input.mentions !== undefined ? { mentions: input.mentions } : {}) } },
    request: (input) => requestTo(MUTATION_ROUTES['edit-note'], noteParams(input), { message: input.message, ...(input.mentions !== undefined ? { mentions: input.mentions } : {}) }),
    answer: messageAnswer,
    sample: {
      seed: { messages: [sampleMessage({ id: 'n-1', type: 'NOTE' })] },
      input: { kind: 'edit-note', conversation_id: 1, note_id: 'n-1', message: 'Edited for @Sam', mentions: [2] },
    },
  },
  /** §4: the note is flagged removed while it animates out, then dropped. */
  'delete-note': {
    ...inConversationLane,
    targets: (input) => [{ col: 'messages', id: input.note_id }],
    refersTo: { id: (input) => input.note_id, withId: (input, id) => ({ ...input, note_id: id }) },
    patch: {
      messages: (doc, _input, { createdAt, now }) => (doc === null || now >= createdAt + REMOVAL_ANIMATION_MS ? null : { ...doc, is_removed: true }),
    },
    changesAfterMs: REMOVAL_ANIMATION_MS,
    request: (input) => requestTo(MUTATION_ROUTES['delete-note'], noteParams(input)),
    // The note as removed, or nothing: either way it is gone.
    answer: (body, input) => messageAnswer(body) ?? { put: [], remove: [{ col: 'messages', id: input.note_id }] },
    sample: { seed: { messages: [sampleMessage({ id: 'n-1', type: 'NOTE' })] }, input: { kind: 'delete-note', conversation_id: 1, note_id: 'n-1' } },
  },
  /**
   * Undo of a held send saved on the server (§4, `…/messages/{id}/undo`); see undo-send.ts. Until
   * the server answers, the reply is shown as it is, marked `undo_requested_at`: it may still go
   * out (the answer was lost, the undo came too late), so it is never shown cancelled before the
   * server says so.
   */
  undo: {
    ...inConversationLane,
    targets: (input) => [{ col: 'messages', id: input.message_id }],
    refersTo: { id: (input) => input.message_id, withId: (input, id) => ({ ...input, message_id: id }) },
    patch: { messages: (doc, _input, { createdAt }) => doc && { ...doc, undo_requested_at: createdAt } },
    request: (input) => requestTo(MUTATION_ROUTES.undo, messageParams(input)),
    answer: messageAnswer,
    sample: {
      seed: { messages: [sampleMessage({ id: 'm-1', status: 'PENDING', deliver_at: Number.MAX_SAFE_INTEGER })] },
      input: { kind: 'undo', conversation_id: 1, message_id: 'm-1' },
    },
  },
  /**
   * The device's confirmation of its held reply, queued with the reply and sent at the end of its
   * delay (see docs/decisions.md, "An undo of a held reply wins until it is delivered"). It waits
   * behind its reply in the conversation's held lane, so it never holds up the conversation's
   * other actions; an undo deletes it while it has not left. The message shows `release_pending`.
   */
  release: {
    lanes: (input) => [heldLane(input.conversation_id)],
    targets: (input) => [{ col: 'messages', id: input.message_id }],
    refersTo: { id: (input) => input.message_id, withId: (input, id) => ({ ...input, message_id: id }) },
    notBefore: (input) => input.release_at,
    droppedByUndo: true,
    patch: { messages: (doc) => doc && { ...doc, release_pending: true } },
    request: (input) => requestTo(MUTATION_ROUTES.release, messageParams(input)),
    answer: messageAnswer,
    sample: {
      seed: { messages: [sampleMessage({ id: 'm-1', status: 'PENDING', deliver_at: 1 })] },
      input: { kind: 'release', conversation_id: 1, message_id: 'm-1', release_at: 1 },
    },
  },
  /**
   * A reply that was not delivered, sent again (`…/messages/{id}/retry`): shown at once as on its
   * way ("Sending…", no new hold); a refusal (the cause is still there) rolls it back to "Not
   * delivered" with the server's reason as the toast.
   */
  retry: {
    ...inConversationLane,
    targets: (input) => [{ col: 'messages', id: input.message_id }],
    patch: {
      messages: (doc, _input, { createdAt }) => doc && (doc.status === 'FAILED' ? { ...doc, status: 'PENDING', delivery_error: null, deliver_at: createdAt } : doc),
    },
    request: (input) => requestTo(MUTATION_ROUTES.retry, messageParams(input)),
    answer: messageAnswer,
    sample: {
      seed: { messages: [sampleMessage({ id: 'm-1', status: 'FAILED', delivery_error: 'The mail server refused it.' })] },
      input: { kind: 'retry', conversation_id: 1, message_id: 'm-1' },
    },
  },
} satisfies MutationDefinitions<'reply' | 'note' | 'forward' | 'edit-note' | 'delete-note' | 'undo' | 'release' | 'retry'>;

/**
 * A conversation's held replies and their releases: a reply waits here behind the previous
 * reply's release as well as in the conversation's lane, so replies still go out in order, while
 * a release waiting for its delay holds up nothing else of the conversation.
 */
function heldLane(conversationId: number): string {
  return `held:${conversationId}`;
}

/** The release queued with a held reply, due at the end of its delay. */
function releaseOf(input: MutationOf<'reply'>, context: RequestContext): MutationInput[] {
  if (!input.awaits_release || context.tempId === null) return [];
  const releaseAt = context.createdAt + replyDelaySeconds(input) * 1000;
  return [{ kind: 'release', conversation_id: input.conversation_id, message_id: context.tempId, release_at: releaseAt }];
}

/** The mutation that undoes a held message (§4). */
export function heldSendUndo(message: { id: string; conversation_id: number }): MutationInput {
  return { kind: 'undo', conversation_id: message.conversation_id, message_id: message.id };
}

/**
 * §4: a chat reply is held 0 s; any other for the delay its row was given (the server's hold as
 * the device last heard it), or the spec's 10 s for a row stored without one. A note is not
 * delivered at all.
 */
export function replyDelaySeconds(reply: { source?: string | undefined; delay?: number | undefined }): number {
  return reply.source === 'CHAT' ? CHAT_MESSAGE_DELAY_S : (reply.delay ?? PENDING_MESSAGE_DELAY_S);
}

function createdMessage(tempId: string | null): Target {
  if (tempId === null) throw new Error('A reply or note needs a temporary id.');
  return { col: 'messages', id: tempId };
}

function noteParams(input: MutationOf<'edit-note'> | MutationOf<'delete-note'>): { id: number; noteId: string } {
  return { id: input.conversation_id, noteId: input.note_id };
}

/** The path parameters of a held or failed message's own routes (`…/messages/{id}/undo`). */
function messageParams(input: { conversation_id: number; message_id: string }): { id: number; messageId: string } {
  return { id: input.conversation_id, messageId: input.message_id };
}

/** A send uses the draft it was written in: a draft save queued before it must not take its place. */
function draftOfSend(input: Send): Target[] {
  return input.draft_id === undefined ? [] : [{ col: 'drafts', id: input.draft_id }];
}

/**
 * The draft a reply or note was written in goes with the send. The server deletes it in the
 * send's own transaction (the request names it); on the device, a blank save queued behind the
 * send, in the same transaction, takes it out of the composer at once and for good, so a crash
 * can never leave sent words there.
 */
async function draftDeletedWithSend(db: InboxDatabase, input: Send): Promise<MutationInput[]> {
  if (input.draft_id === undefined) return [];
  const draft = await db.drafts.get(input.draft_id);
  if (!draft) return [];
  return [{ kind: 'draft', conversation_id: input.conversation_id, draft_id: input.draft_id, agent_id: draft.agent_id, type: draft.type, message: '' }];
}

/** The reply or note as shown until the server's copy replaces it. */
export function temporaryMessage(input: Send, context: PatchContext): LocalMessage | null {
  if (context.tempId === null) return null;
  const reply = input.kind === 'reply' ? input : null;
  const delay = reply ? replyDelaySeconds(reply) : 0;
  const message: LocalMessage = {
    id: context.tempId,
    conversation_id: input.conversation_id,
    type: reply ? 'MESSAGE' : 'NOTE',
    message: input.message,
    timestamp: new Date(context.createdAt).toISOString(),
    timestamp_ts: context.createdAt,
    attachments: (input.attachments ?? []).map(({ name, size, type, url }) => ({ name, size, type, url })),
    status: 'PENDING',
    source: reply?.source ?? 'EMAIL',
    delay,
    deliver_at: reply ? context.createdAt + delay * 1000 : null,
    agent_id: null,
    contact_id: null,
    target_id: context.tempId,
    version: 0,
  };
  // The formatted body as written: the thread shows it (its own inline images once the server's copy names them).
  if (reply?.html !== undefined) message.html = reply.html;
  if (reply?.cc?.length) message.cc = reply.cc;
  if (reply?.bcc?.length) message.bcc = reply.bcc;
  if (input.kind === 'note' && input.mentions?.length) message.mentions = input.mentions;
  if (context.rowId !== undefined) message.outbox_id = context.rowId;
  return message;
}

/** The note a forward leaves, as shown until the server's own replaces it. */
function forwardingNote(input: MutationOf<'forward'>, context: PatchContext): LocalMessage | null {
  if (context.tempId === null) return null;
  const what = input.message_id === undefined ? 'Forwarding the conversation' : 'Forwarding a message';
  const message: LocalMessage = {
    id: context.tempId,
    conversation_id: input.conversation_id,
    type: 'NOTE',
    message: `${what} to ${input.to.join(', ')}…${input.note ? `\n\n${input.note}` : ''}`,
    timestamp: new Date(context.createdAt).toISOString(),
    timestamp_ts: context.createdAt,
    attachments: [],
    status: 'PENDING',
    source: 'EMAIL',
    delay: 0,
    deliver_at: null,
    agent_id: null,
    contact_id: null,
    target_id: context.tempId,
    version: 0,
  };
  if (context.rowId !== undefined) message.outbox_id = context.rowId;
  return message;
}
