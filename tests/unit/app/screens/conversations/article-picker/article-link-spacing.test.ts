import { describe, expect, it } from 'vitest';
import { spacedInsert } from '../../../../../../src/app/screens/conversations/article-picker/spaced-insert';

const link = 'Refund policy: https://help.example/articles/refund-policy';

describe('an article link inserted at the caret', () => {
  it('is spaced from the word before it', () => {
    expect(spacedInsert(link, 'Please read', '')).toBe(` ${link}`);
  });

  it('adds nothing at the start of a line, after a space or after an opening bracket', () => {
    expect(spacedInsert(link, '', '')).toBe(link);
    expect(spacedInsert(link, 'Hello, ', '')).toBe(link);
    expect(spacedInsert(link, 'the guide (', ')')).toBe(link);
  });

  it('is spaced from a word right after it, not from closing punctuation or a space', () => {
    expect(spacedInsert(link, 'See ', 'for details')).toBe(`${link} `);
    expect(spacedInsert(link, 'See', 'for details')).toBe(` ${link} `);
    expect(spacedInsert(link, 'See ', '. Thanks')).toBe(link);
    expect(spacedInsert(link, 'See ', ' today')).toBe(link);
  });

  it("leaves an article's text of several lines as it is", () => {
    expect(spacedInsert('First line\nSecond line', 'word', 'word')).toBe('First line\nSecond line');
  });
});
