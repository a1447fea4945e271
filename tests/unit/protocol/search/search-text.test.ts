import { describe, expect, it } from 'vitest';
import { bestSnippet } from '../../../../src/protocol/search/best-snippet';
import { searchSnippet } from '../../../../src/protocol/search/search-snippet';
import { foldSearchText, matchSearchText, parseSearchText, searchKey, termPattern } from '../../../../src/protocol/search/search-text';
import { conversation, message } from '../../support/worker-harness';

/** The highlighted parts of a text. */
const marks = (text: string, ranges: [number, number][]) => ranges.map(([from, to]) => text.slice(from, to));

describe('search text', () => {
  it('splits a search into terms: chunks and quoted phrases, the last word of an unquoted term a prefix', () => {
    expect(parseSearchText('  Refund  jane.doe@Example "charged twice" "unclosed quo')).toEqual([
      { words: ['refund'], prefix: true },
      { words: ['jane', 'doe', 'example'], prefix: true },
      { words: ['charged', 'twice'], prefix: false },
      { words: ['unclosed', 'quo'], prefix: true },
    ]);
    expect(parseSearchText('!!! "" -- ')).toEqual([]);
    expect(searchKey(parseSearchText('REFUND "Charged  twice"'))).toBe('refund "charged twice"');
  });

  it('folds case and diacritics', () => {
    expect(foldSearchText('Zoë ÅNGSTRÖM Crème')).toBe('zoe angstrom creme');
    expect(parseSearchText('José')).toEqual([{ words: ['jose'], prefix: true }]);
  });

  it('highlights word prefixes and phrases in the original text, whatever its case and accents', () => {
    const text = 'José was Charged twice; refunded the charge. Re-charge?';
    const match = matchSearchText(text, parseSearchText('jose "charged twice" refund charg'));
    expect(marks(text, match.ranges)).toEqual(['José', 'Charged twice', 'refund', 'charg', 'charg']);
    expect(match.matched).toEqual([true, true, true, true]);
    expect(matchSearchText(text, parseSearchText('"refund"')).matched).toEqual([false]);
    expect(matchSearchText('precharge', parseSearchText('charge')).ranges).toEqual([]);
  });

  it('highlights a prefix that ends inside a decomposed accent with the accent', () => {
    const text = 'Cafe\u0301 open';
    expect(marks(text, matchSearchText(text, parseSearchText('cafe')).ranges)).toEqual(['Cafe\u0301']);
  });

  it('tests folded text for a term at word starts, never across a newline', () => {
    const [phrase] = parseSearchText('"charged twice"');
    const [prefix] = parseSearchText('refu');
    if (!phrase || !prefix) throw new Error('no terms');
    expect(termPattern(phrase).test('i was charged, twice')).toBe(true);
    expect(termPattern(phrase).test('i was charged\ntwice')).toBe(false);
    expect(termPattern(phrase).test('charged twicefold')).toBe(false);
    expect(termPattern(prefix).test('a refund')).toBe(true);
    expect(termPattern(prefix).test('nonrefundable')).toBe(false);
  });

  it('cuts a snippet around the first match, between words, with offsets into the snippet', () => {
    const long = `${'Lorem ipsum dolor sit amet '.repeat(6)}the refund\nwas sent ${'and more words follow here '.repeat(8)}`;
    const snippet = searchSnippet(long, parseSearchText('refund'));
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(162);
    expect(snippet.text).toContain('the refund was sent');
    expect(marks(snippet.text, snippet.highlights)).toEqual(['refund']);
    const short = searchSnippet('No match here', parseSearchText('refund'));
    expect(short).toEqual({ text: 'No match here', highlights: [] });
  });

  it('takes the snippet from the text that holds the most terms, a message before the subject', () => {
    const terms = parseSearchText('refund twice');
    const thread = [
      message({ id: 'm-1', message: 'A refund please', timestamp_ts: 1 }),
      message({ id: 'n-2', type: 'NOTE', message: 'Charged twice, refund it', timestamp_ts: 2 }),
    ];
    expect(bestSnippet(terms, conversation({ subject: 'Refund twice?' }), null, thread)).toMatchObject({ source: 'note', message_id: 'n-2' });
    expect(bestSnippet(parseSearchText('invoice'), conversation({ subject: 'Invoice' }), null, thread)).toMatchObject({ source: 'subject', text: 'Invoice' });
  });
});
