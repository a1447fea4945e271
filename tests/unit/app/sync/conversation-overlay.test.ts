import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../src/protocol/documents';
import { slugOfTagNamed } from '../../../../src/protocol/tag-slug';
import { holdTagRemovalUntilStored, holdTagUntilStored, holdUntilStored, overlaid, OVERLAY_GRACE_MS, withTypedTagNames } from '../../../../src/app/sync/conversation-overlay';

const stored = (): Conversation => ({ id: 7, status: 'OPENED', agent_id: null, tags: [] }) as unknown as Conversation;

afterEach(() => {
  vi.useRealTimers();
});

describe('a status or assignee set in the header shows before the worker’s write is read back', () => {
  it('shows the new status over the stored copy at once, and the stored copy once it holds it', () => {
    const settle = holdUntilStored(7, { status: 'CLOSED' });
    expect(overlaid(stored()).status).toBe('CLOSED');
    expect(overlaid({ ...stored(), status: 'CLOSED' }).status).toBe('CLOSED');
    settle(false);
  });

  it('drops the change at once when the worker did not record it', () => {
    const settle = holdUntilStored(7, { agent_id: 3 });
    expect(overlaid(stored()).agent_id).toBe(3);
    settle(false);
    expect(overlaid(stored()).agent_id).toBeNull();
  });

  it('shows what is stored after the grace, even when it differs (a teammate changed it since)', () => {
    vi.useFakeTimers();
    const settle = holdUntilStored(7, { status: 'WAITING' });
    settle(true);
    expect(overlaid(stored()).status).toBe('WAITING');
    vi.advanceTimersByTime(OVERLAY_GRACE_MS + 1);
    expect(overlaid(stored()).status).toBe('OPENED');
  });

  it('keeps a second change to the same conversation when the first one fails, and leaves other conversations alone', () => {
    vi.useFakeTimers();
    const first = holdUntilStored(7, { status: 'CLOSED' });
    const second = holdUntilStored(7, { agent_id: 5 });
    expect(overlaid(stored())).toMatchObject({ status: 'CLOSED', agent_id: 5 });
    first(false);
    expect(overlaid(stored())).toMatchObject({ status: 'OPENED', agent_id: 5 });
    expect(overlaid({ ...stored(), id: 8 })).toMatchObject({ status: 'OPENED', agent_id: null });
    second(true);
    vi.advanceTimersByTime(OVERLAY_GRACE_MS + 1);
    expect(overlaid(stored())).toMatchObject({ status: 'OPENED', agent_id: null });
  });
});

describe('two changes to one field in a row', () => {
  it('shows the latest, even while the stored copy still holds the value it replaced', () => {
    const first = holdUntilStored(9, { status: 'CLOSED' });
    const second = holdUntilStored(9, { status: 'OPENED' });
    const conversation = { ...stored(), id: 9 };
    expect(overlaid(conversation).status).toBe('OPENED');
    expect(overlaid({ ...conversation, status: 'CLOSED' }).status).toBe('OPENED');
    first(true);
    second(false);
    expect(overlaid({ ...conversation, status: 'CLOSED' }).status).toBe('CLOSED');
  });
});

describe('a tag added in the header shows before the worker’s write is read back', () => {
  const conversation = (tags: string[]) => ({ ...stored(), id: 11, tags });

  it('shows the chip under the worker’s slug with the name as typed, until the stored copy holds it', () => {
    vi.useFakeTimers();
    const settle = holdTagUntilStored(11, 'billing-issue', ' Billing Issue ');
    expect(overlaid(conversation(['vip'])).tags).toEqual(['vip', 'billing-issue']);
    expect(withTypedTagNames(new Map([['vip', 'VIP']])).get('billing-issue')).toBe('Billing Issue');
    // The stored name wins once there is one.
    expect(withTypedTagNames(new Map([['billing-issue', 'Billing issue']])).get('billing-issue')).toBe('Billing issue');
    const held = conversation(['vip', 'billing-issue']);
    expect(overlaid(held)).toBe(held);
    settle(true);
    vi.advanceTimersByTime(OVERLAY_GRACE_MS + 1);
    expect(overlaid(conversation(['vip'])).tags).toEqual(['vip']);
  });

  it('keeps two tags added in a row and a status set between them; a refused tag goes at once', () => {
    const first = holdTagUntilStored(12, 'refund', 'Refund');
    const status = holdUntilStored(12, { status: 'CLOSED' });
    const second = holdTagUntilStored(12, 'urgent', 'Urgent');
    const shown = overlaid({ ...conversation([]), id: 12 });
    expect(shown.tags).toEqual(['refund', 'urgent']);
    expect(shown.status).toBe('CLOSED');
    first(false);
    expect(overlaid({ ...conversation([]), id: 12 }).tags).toEqual(['urgent']);
    status(false);
    second(false);
    expect(overlaid({ ...conversation([]), id: 12 })).toMatchObject({ tags: [], status: 'OPENED' });
  });

  it('a tag known under another slug (renamed since) shows under that slug, with its stored name', () => {
    const names = new Map([['billing', 'Money']]);
    const settle = holdTagUntilStored(13, slugOfTagNamed('money', names), 'money');
    expect(overlaid({ ...conversation([]), id: 13 }).tags).toEqual(['billing']);
    expect(withTypedTagNames(names).get('billing')).toBe('Money');
    settle(false);
  });
});

describe('a tag removed in the header goes before the worker’s write is read back', () => {
  const conversation = (tags: string[]) => ({ ...stored(), id: 21, tags });

  it('the chip goes at once and stays gone until the stored copy has lost it; a refused removal puts it back', () => {
    vi.useFakeTimers();
    const settle = holdTagRemovalUntilStored(21, 'vip');
    expect(overlaid(conversation(['vip', 'refund'])).tags).toEqual(['refund']);
    const caughtUp = conversation(['refund']);
    expect(overlaid(caughtUp)).toBe(caughtUp);
    settle(true);
    vi.advanceTimersByTime(OVERLAY_GRACE_MS + 1);
    // A teammate added it back since: what is stored shows.
    expect(overlaid(conversation(['vip', 'refund'])).tags).toEqual(['vip', 'refund']);
    holdTagRemovalUntilStored(21, 'refund')(false);
    expect(overlaid(conversation(['refund'])).tags).toEqual(['refund']);
  });

  it('a tag added and removed again before either write is read back shows as removed', () => {
    const added = holdTagUntilStored(22, 'urgent', 'Urgent');
    const removed = holdTagRemovalUntilStored(22, 'urgent');
    expect(overlaid({ ...conversation([]), id: 22 }).tags).toEqual([]);
    // The add's write, read back before the removal's, does not bring the chip back.
    expect(overlaid({ ...conversation(['urgent']), id: 22 }).tags).toEqual([]);
    added(true);
    removed(false);
    expect(overlaid({ ...conversation(['urgent']), id: 22 }).tags).toEqual(['urgent']);
  });
});
