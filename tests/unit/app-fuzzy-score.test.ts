import { describe, expect, it } from 'vitest';
import { fuzzyScore } from '../../src/app/keyboard/fuzzy-score';

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
    const scattered = score('clo', 'Cancel lost order')!;
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
