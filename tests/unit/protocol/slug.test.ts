import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, slugProblem, suggestSlug } from '../../../src/protocol/slug';

describe('organization slug', () => {
  it('accepts lowercase letters, digits and inner hyphens', () => {
    expect(slugProblem('acme')).toBeNull();
    expect(slugProblem('acme-support-2')).toBeNull();
  });

  it('refuses the top-level names of the app and the server', () => {
    for (const name of ['api', 'auth', 'create', 'invite', 'validate', 'stream', 'ping', 'metrics', 'assets']) {
      expect(RESERVED_SLUGS).toContain(name);
      expect(slugProblem(name)).toBe('is reserved');
    }
  });

  it('refuses malformed slugs with a reason', () => {
    expect(slugProblem('a')).toMatch(/at least/);
    expect(slugProblem('-acme')).toMatch(/lowercase/);
    expect(slugProblem('acme-')).toMatch(/lowercase/);
    expect(slugProblem('Acme')).toMatch(/lowercase/);
    expect(slugProblem('ac me')).toMatch(/lowercase/);
    expect(slugProblem('a'.repeat(41))).toMatch(/at most/);
  });

  it('suggests a slug from an organization name', () => {
    expect(suggestSlug('Acme Inc.')).toBe('acme-inc');
    expect(suggestSlug('  Café  Crème ')).toBe('cafe-creme');
  });
});
