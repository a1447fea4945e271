import { describe, expect, it } from 'vitest';
import { leadingEmojiColor } from '../../../../../src/app/screens/conversations/emoji-colors';

describe('a tag led by an emoji takes its colour (§1)', () => {
  it('reads the first grapheme, with or without its variation selector, and nothing else', () => {
    expect(leadingEmojiColor('🔥 Urgent')).toBe('#f4511e');
    expect(leadingEmojiColor('  ⚠️ Check the address')).toBe('#f9a825');
    expect(leadingEmojiColor('⚠ Check')).toBe('#f9a825');
    expect(leadingEmojiColor('Urgent 🔥')).toBeNull();
    expect(leadingEmojiColor('👩‍💻 Dev')).toBeNull();
    expect(leadingEmojiColor('')).toBeNull();
  });
});
