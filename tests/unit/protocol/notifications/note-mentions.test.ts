import { describe, expect, it } from 'vitest';
import { mentionSpans, mentionTrigger, mentionsIn } from '../../../../src/protocol/notifications/note-mentions';

const team = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Anabel Ruiz' },
  { id: 3, name: 'Sam' },
];

describe('note mentions', () => {
  it('finds the @word being typed after a space or at the start, not inside an address', () => {
    expect(mentionTrigger('@')).toEqual({ query: '', length: 1 });
    expect(mentionTrigger('Ask @an')).toEqual({ query: 'an', length: 3 });
    expect(mentionTrigger('Ask @Zoë')).toEqual({ query: 'Zoë', length: 4 });
    expect(mentionTrigger('mail ana@example.com')).toBeNull();
    expect(mentionTrigger('@ana done')).toBeNull();
  });

  it('names each mentioned teammate once, in order, preferring the longest name', () => {
    expect(mentionsIn('@Sam and @Anabel Ruiz, then @Ana. Thanks @sam', team)).toEqual([3, 2, 1]);
    expect(mentionsIn('@Anabel alone is nobody; ana@example.com neither', team)).toEqual([]);
    expect(mentionSpans('Hi @Ana!', team)).toEqual([{ start: 3, end: 7, id: 1 }]);
  });
});
