import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../../../src/client-db/inbox-database';
import type { MutationInput } from '../../../../src/client-db/outbox-row';
import { applyMutation } from '../../../../src/workers/engine/apply-mutation';
import type { PatchRow } from '../../../../src/workers/engine/apply-mutation';
import { tagSlug } from '../../../../src/protocol/tag-slug';
import { conversation, message } from '../../support/worker-harness';

const NOW = 1_000_000;
const row = (args: MutationInput, extra: Partial<PatchRow> = {}): PatchRow => ({ args, created_at: NOW, temp_id: null, ...extra });

describe('applyMutation (optimistic patches)', () => {
  it('adds a tag only if not already present (§5)', () => {
    const doc = conversation({ tags: ['billing'] });
    expect(applyMutation(doc, row({ kind: 'tag', conversation_id: 1, name: 'VIP Customer' }), NOW)).toMatchObject({ tags: ['billing', 'vip-customer'] });
    expect(applyMutation(doc, row({ kind: 'tag', conversation_id: 1, name: 'Billing' }), NOW)).toBe(doc);
  });

  it('removes a tag only if present (§5)', () => {
    const doc = conversation({ tags: ['billing', 'vip'] });
    expect(applyMutation(doc, row({ kind: 'untag', conversation_id: 1, slug: 'vip' }), NOW)).toMatchObject({ tags: ['billing'] });
    expect(applyMutation(doc, row({ kind: 'untag', conversation_id: 1, slug: 'other' }), NOW)).toBe(doc);
  });

  it('sets status, assignee and read without touching the rest', () => {
    const doc = conversation({ status: 'OPENED', agent_id: null, is_unread: true, version: 4 });
    expect(applyMutation(doc, row({ kind: 'status', conversation_id: 1, status: 'CLOSED' }), NOW)).toEqual({ ...doc, status: 'CLOSED' });
    expect(applyMutation(doc, row({ kind: 'assign', conversation_id: 1, agent_id: 3 }), NOW)).toEqual({ ...doc, agent_id: 3 });
    expect(applyMutation(doc, row({ kind: 'read', conversation_id: 1 }), NOW)).toEqual({ ...doc, is_unread: false });
  });

  it('creates a temporary PENDING reply held 10 s, 0 s for chat', () => {
    const reply = applyMutation(null, row({ kind: 'reply', conversation_id: 2, message: 'Hello' }, { temp_id: 't-1', id: 7 }), NOW);
    expect(reply).toMatchObject({
      id: 't-1',
      conversation_id: 2,
      type: 'MESSAGE',
      status: 'PENDING',
      delay: 10,
      deliver_at: NOW + 10_000,
      target_id: 't-1',
      outbox_id: 7,
      timestamp_ts: NOW,
    });
    const chat = applyMutation(null, row({ kind: 'reply', conversation_id: 2, message: 'Hi', source: 'CHAT' }, { temp_id: 't-2' }), NOW);
    expect(chat).toMatchObject({ delay: 0, deliver_at: NOW, source: 'CHAT' });
  });

  it('creates a temporary note', () => {
    expect(applyMutation(null, row({ kind: 'note', conversation_id: 2, message: 'internal' }, { temp_id: 't-3' }), NOW)).toMatchObject({
      id: 't-3',
      type: 'NOTE',
      message: 'internal',
      deliver_at: null,
    });
  });

  it('edits a note', () => {
    const note = message({ id: 'n-1', type: 'NOTE', message: 'old' });
    expect(applyMutation(note, row({ kind: 'edit-note', conversation_id: 1, note_id: 'n-1', message: 'new' }), NOW)).toMatchObject({ message: 'new' });
  });

  it('flags a deleted note removed, and drops it once the 1 s animation is over (§4)', () => {
    const note = message({ id: 'n-1', type: 'NOTE' });
    const deletion = row({ kind: 'delete-note', conversation_id: 1, note_id: 'n-1' });
    expect(applyMutation(note, deletion, NOW)).toMatchObject({ id: 'n-1', is_removed: true });
    expect(applyMutation(note, deletion, NOW + 999)).toMatchObject({ is_removed: true });
    expect(applyMutation(note, deletion, NOW + 1_000)).toBeNull();
  });

  it('marks an undone message as waiting for the server, never cancelled before it answers', () => {
    const pending = message({ id: 'm-1', status: 'PENDING', deliver_at: NOW + 5_000 });
    const undone = applyMutation(pending, row({ kind: 'undo', conversation_id: 1, message_id: 'm-1' }), NOW);
    expect(undone).toMatchObject({ status: 'PENDING', deliver_at: NOW + 5_000 });
    expect(undone).toHaveProperty('undo_requested_at');
  });

  it('leaves a missing document missing', () => {
    const inputs: MutationInput[] = [
      { kind: 'tag', conversation_id: 1, name: 'x' },
      { kind: 'status', conversation_id: 1, status: 'CLOSED' },
      { kind: 'edit-note', conversation_id: 1, note_id: 'n-1', message: 'x' },
      { kind: 'delete-note', conversation_id: 1, note_id: 'n-1' },
      { kind: 'undo', conversation_id: 1, message_id: 'm-1' },
    ];
    for (const input of inputs) expect(applyMutation(null, row(input), NOW)).toBeNull();
  });

  it('folds patches in order: the visible document is base + pending patches', () => {
    const base = conversation({ tags: [], status: 'OPENED' });
    const rows = [
      row({ kind: 'tag', conversation_id: 1, name: 'a' }),
      row({ kind: 'status', conversation_id: 1, status: 'WAITING' }),
      row({ kind: 'untag', conversation_id: 1, slug: 'a' }),
      row({ kind: 'tag', conversation_id: 1, name: 'b' }),
    ];
    const visible = rows.reduce<ReturnType<typeof applyMutation>>((doc, next) => applyMutation(doc, next, NOW), base);
    expect(visible).toMatchObject({ tags: ['b'], status: 'WAITING' });
    expect(base).toMatchObject({ tags: [], status: 'OPENED' });
  });

  it('does not apply a conversation patch to a message or the reverse', () => {
    const msg: LocalMessage = message();
    expect(applyMutation(msg, row({ kind: 'status', conversation_id: 1, status: 'CLOSED' }), NOW)).toBeNull();
    expect(applyMutation(conversation(), row({ kind: 'undo', conversation_id: 1, message_id: 'm-1' }), NOW)).toBeNull();
  });
});

describe('tagSlug', () => {
  it('lowercases, strips accents and joins words with hyphens', () => {
    expect(tagSlug('  Été Promo 2024! ')).toBe('ete-promo-2024');
  });
});
