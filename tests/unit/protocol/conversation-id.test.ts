import { describe, expect, it } from 'vitest';
import { parseConversationId } from '../../../src/protocol/conversation-id';

describe('conversation id rule (§2)', () => {
  it('reads a numeric id as a number', () => {
    expect(parseConversationId('42')).toBe(42);
    expect(parseConversationId('0')).toBe(0);
  });

  it('keeps a two-character id starting with i as text', () => {
    expect(parseConversationId('i1')).toBe('i1');
    expect(parseConversationId('ix')).toBe('ix');
  });

  it('turns anything else, a loose form of a number included, into 0', () => {
    for (const raw of ['abc', 'i12', 'i', '12a', '-3', '1.5', '', ' 7', 'I1', '99999999999999999999', '07', '7.0', '7e0', '0x7', '+7', '9007199254740992']) {
      expect(parseConversationId(raw)).toBe(0);
    }
    expect(parseConversationId(undefined)).toBe(0);
  });
});
