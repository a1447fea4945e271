import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../src/server/mutations/request-fingerprint';

describe('canonical JSON of a mutation request', () => {
  it('sorts every object’s keys, keeps array order and escapes like JSON', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 'x"', c: null }, []], e: {} })).toBe('{"a":[2,{"c":null,"d":"x\\""},[]],"b":1,"e":{}}');
    expect(canonicalJson({ ids: [1], action: { status: 'CLOSED' } })).toBe(canonicalJson({ action: { status: 'CLOSED' }, ids: [1] }));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('handles a body nested deeper than JSON.stringify can go', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}{"b":1,"a":2}${']'.repeat(depth)}`);
    expect(canonicalJson(deep)).toBe(`${'['.repeat(depth)}{"a":2,"b":1}${']'.repeat(depth)}`);
  });
});
