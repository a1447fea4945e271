import { describe, expect, it } from 'vitest';
import { route } from '../../../../src/protocol/api/route';
import { BACKGROUND_MUTATIONS, MUTATION_ROUTES } from '../../../../src/protocol/mutations/mutation-input';

describe('a protocol route', () => {
  it('builds its path with each parameter encoded, as the worker sent it before routes were declared', () => {
    const untag = route('DELETE', 'conversations/:id/tags/:slug');
    expect(untag.build({ id: 12, slug: 'a b/c' })).toBe('conversations/12/tags/a%20b%2Fc');
    expect(MUTATION_ROUTES['remove-recipient'].build({ id: 3, email: 'a+b@example.com' })).toBe('conversations/3/recipients/a%2Bb%40example.com');
  });

  it('builds a path without parameters as it is', () => {
    expect(MUTATION_ROUTES.bulk.build()).toBe('conversations/bulk');
    expect(MUTATION_ROUTES['new-conversation']).toMatchObject({ method: 'POST', path: 'conversations/' });
  });

  it('marks the mutations the app makes by itself as background', () => {
    expect([...BACKGROUND_MUTATIONS].sort()).toEqual(['draft', 'read', 'release']);
  });
});
