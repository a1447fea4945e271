import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROW_HEIGHT } from '../../../../../../src/app/screens/conversations/list/use-list-viewport';

describe('conversation list row height', () => {
  it('places rows before the stylesheet is read at the height the stylesheet gives them', () => {
    const css = readFileSync('src/app/styles/conversation-list.css', 'utf8');
    const first = /--conv-row-height:\s*(\d+)px/.exec(css);
    expect(first, 'conversation-list.css sets --conv-row-height').not.toBeNull();
    expect(Number(first?.[1])).toBe(DEFAULT_ROW_HEIGHT);
  });
});
