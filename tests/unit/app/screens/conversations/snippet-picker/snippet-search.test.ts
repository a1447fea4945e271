import { describe, expect, it } from 'vitest';
import type { Snippet } from '../../../../../../src/protocol/documents';
import { hashTrigger, searchable, searchSnippets } from '../../../../../../src/app/screens/conversations/snippet-picker/snippet-search';

const DAY = 86_400_000;
const now = 100 * DAY;
const snippet = (id: string, name: string, more: Partial<Snippet> = {}): Snippet => ({
  id,
  name,
  shortcut: null,
  body: `${name} body`,
  categories: [],
  use_count: 0,
  last_used_at: null,
  updated_at: 0,
  version: 1,
  ...more,
});
const library = searchable([
  snippet('a', 'Refund issued', { shortcut: 'refund', categories: ['billing'] }),
  snippet('b', 'Partial refund', { use_count: 9, last_used_at: now - DAY, categories: ['billing'] }),
  snippet('c', 'Shipping delay', { body: 'Your refund will follow the parcel.' }),
  snippet('d', 'Welcome', { use_count: 2, last_used_at: now - 60 * DAY }),
  snippet('e', 'Thanks', { use_count: 1, last_used_at: now - DAY }),
]);
const names = (query: string, category: string | null = null) => searchSnippets(library, { query, category, now, limit: 10 }).map((s) => s.id);

describe('the snippet picker’s search', () => {
  it('ranks a shortcut, then a name start, then a word of the name, then the body', () => {
    expect(names('refund')).toEqual(['a', 'b', 'c']);
    expect(names('#ref')).toEqual(['a', 'b', 'c']);
    expect(names('DELAY')).toEqual(['c']);
    expect(names('parcel')).toEqual(['c']);
    expect(names('nothing like it')).toEqual([]);
  });

  it('puts recent and frequent snippets first when nothing is typed, a recent use outweighing old ones', () => {
    expect(names('')).toEqual(['b', 'e', 'd', 'a', 'c']);
  });

  it('browses one category', () => {
    expect(names('', 'billing')).toEqual(['b', 'a']);
    expect(names('shipping', 'billing')).toEqual([]);
  });

  it('reads the #word before the cursor that opened it', () => {
    expect(hashTrigger('Hello #')).toEqual({ query: '', length: 1 });
    expect(hashTrigger('#ref')).toEqual({ query: 'ref', length: 4 });
    expect(hashTrigger('Order #123 and')).toBeNull();
    expect(hashTrigger('mail#')).toBeNull();
  });
});
