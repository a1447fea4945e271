import { describe, expect, it } from 'vitest';
import { replyBlocker, replyBlockerReason, replySender, type SendingAddress } from '../../../src/protocol/reply-delivery';

const proven: SendingAddress = { id: 3, email: 'help@shop.example', domain: 'shop.example', verified: true };
const older: SendingAddress = { id: 1, email: 'support@old.example', domain: 'old.example', verified: false };
const route = { channel: 'EMAIL' as const, channelId: 3, addresses: [proven, older], recipients: ['jane@customer.example'] };

describe('whether a reply can leave', () => {
  it("goes from the conversation's own address, else from the organization's oldest", () => {
    expect(replySender(3, [proven, older])).toBe(proven);
    expect(replySender(null, [proven, older])).toBe(older);
    expect(replySender(99, [proven, older])).toBe(older);
    expect(replySender(null, [])).toBeNull();
  });

  it('is kept by a missing address, an unproven domain or no recipient, in that order; never for chat', () => {
    expect(replyBlocker(route)).toBeNull();
    expect(replyBlocker({ ...route, addresses: [] })).toEqual({ kind: 'NO_ADDRESS' });
    expect(replyBlocker({ ...route, addresses: [], recipients: [] })).toEqual({ kind: 'NO_ADDRESS' });
    expect(replyBlocker({ ...route, channelId: null, recipients: [] })).toEqual({ kind: 'UNVERIFIED', email: older.email, domain: older.domain });
    expect(replyBlocker({ ...route, recipients: ['', '  '] })).toEqual({ kind: 'NO_RECIPIENT' });
    // Recipients not known yet (the contact not loaded): nothing is claimed about them.
    expect(replyBlocker({ ...route, recipients: null })).toBeNull();
    expect(replyBlocker({ ...route, channel: 'CHAT', addresses: [] })).toBeNull();
  });

  it('says why and how to fix it, ending with the retry', () => {
    expect(replyBlockerReason({ kind: 'UNVERIFIED', email: older.email, domain: older.domain })).toBe(
      'The domain old.example is not verified: verify it under Settings → Email, then retry.',
    );
    for (const kind of ['NO_ADDRESS', 'NO_RECIPIENT'] as const) expect(replyBlockerReason({ kind })).toMatch(/, then retry\.$/);
  });
});
