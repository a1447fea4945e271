import { describe, expect, it } from 'vitest';
import { fuzzyScore } from '../../../../src/app/keyboard/fuzzy-score';

const score = (query: string, text: string) => fuzzyScore(query, text)?.score ?? null;

describe('fuzzy score', () => {
  it('matches the query letters in order, ignoring case', () => {
    expect(fuzzyScore('asm', 'Assign to me')?.positions).toEqual([0, 1, 10]);
    expect(fuzzyScore('ASSIGN', 'Assign to me')).not.toBeNull();
  });

  it('does not match letters out of order or missing', () => {
    expect(fuzzyScore('ma', 'Assign to m')).toBeNull();
    expect(fuzzyScore('xyz', 'Close')).toBeNull();
  });

  it('matches everything with an empty query', () => {
    expect(fuzzyScore('  ', 'Close')).toEqual({ score: 0, positions: [] });
  });

  it('ranks a prefix over a substring over scattered letters', () => {
    const prefix = score('clo', 'Close')!;
    const inside = score('clo', 'Reclose')!;
    const scattered = score('clo', 'Cancel lots')!;
    expect(prefix).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(scattered);
  });

  it('prefers word starts and shorter texts', () => {
    expect(score('gt', 'Go to Team')!).toBeGreaterThan(score('gt', 'Long tag')!);
    expect(score('team', 'Go to Team')!).toBeGreaterThan(score('team', 'Go to Team settings for the organization')!);
  });

  it('ranks a match at the start above the same match inside a word', () => {
    expect(score('assign', 'Assign to…')!).toBeGreaterThan(score('assign', 'Unassign me')!);
  });
});

describe('fuzzy score tiers', () => {
  it('ranks a word-start match over any match inside a word, whatever the length', () => {
    expect(score('bil', 'A very long label about Billing and more')!).toBeGreaterThan(score('bil', 'Mobile')!);
  });

  it('ranks contiguous and word-start matches over scattered letters', () => {
    expect(score('assign', 'Unassign me')!).toBeGreaterThan(score('gt', 'Go to Team')!);
    expect(score('gtt', 'Go to Team')!).toBeGreaterThan(score('gtt', 'Getting there')!);
  });

  it('drops letters scattered thinly over a long text', () => {
    expect(fuzzyScore('assign', 'A customer says the invoice is wrong again')).toBeNull();
  });
});

describe('fuzzy score across words', () => {
  it('does not match "assign" on letters picked out of the words of a subject', () => {
    expect(fuzzyScore('assign', 'VAT number missing on invoice')).toBeNull();
    expect(fuzzyScore('close', 'Can I switch to annual billing, please?')).toBeNull();
  });

  it('still matches a word prefix, a substring and initials in a long text', () => {
    expect(fuzzyScore('miss', 'VAT number missing on invoice')?.positions).toEqual([11, 12, 13, 14]);
    expect(fuzzyScore('umber', 'VAT number missing on invoice')).not.toBeNull();
    expect(fuzzyScore('gas', 'Go to Account settings')?.positions).toEqual([0, 6, 14]);
  });

  it('still matches scattered letters inside one word of a long text', () => {
    expect(fuzzyScore('invce', 'VAT number missing on invoice')).not.toBeNull();
  });

  it('ranks a word-prefix match above a substring match in the same text', () => {
    expect(score('miss', 'VAT number missing on invoice')!).toBeGreaterThan(score('issi', 'VAT number missing on invoice')!);
  });
});
