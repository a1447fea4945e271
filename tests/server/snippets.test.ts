import { expect, it } from 'vitest';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Snippet, SnippetCategory } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';
import { invitedTeammate } from './teammates';

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });
type Library = { snippets: Snippet[]; categories: SnippetCategory[] };

describeEachDatabase('snippets', (database) => {
  const suite = useServerSuite(database);
  const library = async (owner: SignedUp) => (await owner.api.get<Library>('snippets/')).body;
  const tree = async (owner: SignedUp) =>
    (await library(owner)).categories
      .map((c) => `${c.parent_id ?? '-'}/${c.sort}:${c.id}`)
      .sort();
  const feedOf = (suite: ServerSuite, headers: ReturnType<typeof mutation>) =>
    suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();

  it('creates, edits, categorizes, counts a use of and deletes a snippet, each write in the feed once', async () => {
    const owner = await suite.signUp();
    await owner.api.post('snippets/categories/', { id: 'cat-billing', name: 'Billing' });
    const headers = mutation();
    const created = await owner.api.post<Snippet>(
      'snippets/',
      { id: 'sn-refund', name: ' Refund ', shortcut: 'Refund', body: 'Hi {{contact.first_name | there}}, order {{?Order number}}.', categories: ['cat-billing'] },
      { headers },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'sn-refund', name: 'Refund', shortcut: 'refund', categories: ['cat-billing'], use_count: 0, last_used_at: null });
    // The organization's first snippet also ticks its onboarding step, in the same write.
    expect(await feedOf(suite, headers)).toEqual([
      { col: 'snippets', action: 'insert', doc_id: 'sn-refund' },
      { col: 'onboarding_steps', action: 'insert', doc_id: 'snippet-or-article' },
    ]);

    const replay = await owner.api.post<Snippet>(
      'snippets/',
      { id: 'sn-refund', name: ' Refund ', shortcut: 'Refund', body: 'Hi {{contact.first_name | there}}, order {{?Order number}}.', categories: ['cat-billing'] },
      { headers },
    );
    expect(replay.headers.get('x-mutation-replayed')).toBe('true');
    expect(replay.body).toEqual(created.body);
    expect(await feedOf(suite, headers)).toHaveLength(2);
    expect((await owner.api.post('snippets/', { id: 'sn-refund', name: 'Again', body: 'x' })).status).toBe(409);

    const renamed = await owner.api.patch<Snippet>('snippets/sn-refund', { name: 'Refund issued' });
    expect(renamed.body).toMatchObject({ name: 'Refund issued', body: created.body.body, shortcut: 'refund' });
    const moved = await owner.api.post<Snippet>('snippets/sn-refund/categories', { categories: [] });
    expect(moved.body.categories).toEqual([]);
    const used = await owner.api.post<Snippet>('snippets/sn-refund/uses');
    expect(used.body).toMatchObject({ use_count: 1 });
    expect(used.body.last_used_at).toEqual(expect.any(Number));

    const deleteHeaders = mutation();
    expect((await owner.api.delete('snippets/sn-refund', { headers: deleteHeaders })).status).toBe(200);
    expect(await feedOf(suite, deleteHeaders)).toEqual([{ col: 'snippets', action: 'delete', doc_id: 'sn-refund' }]);
    expect((await library(owner)).snippets).toEqual([]);
    expect((await owner.api.patch('snippets/sn-refund', { name: 'Gone' })).status).toBe(404);
  });

  it('refuses an empty name, an unknown variable, a taken shortcut and an unknown category with clear 400s', async () => {
    const owner = await suite.signUp();
    const empty = await owner.api.post('snippets/', { id: 'sn-a', name: '  ', body: 'Hello' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ errors: { name: 'cannot be empty' } });
    const unknown = await owner.api.post('snippets/', { id: 'sn-a', name: 'A', body: 'Hi {{contact.phone}} and {{ agent.name }}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: { body: 'has an unknown variable: {{contact.phone}}' } });
    const control = await owner.api.post('snippets/', { id: 'sn-a', name: 'A\u0007', body: 'Hi' });
    expect(control.status).toBe(400);

    await owner.api.post('snippets/', { id: 'sn-a', name: 'A', shortcut: 'hello', body: 'Hi' });
    const taken = await owner.api.post('snippets/', { id: 'sn-b', name: 'B', shortcut: 'hello', body: 'Hi' });
    expect(taken.body).toEqual({ errors: { shortcut: 'is already used by “A”' } });
    const category = await owner.api.post('snippets/', { id: 'sn-b', name: 'B', body: 'Hi', categories: ['nope'] });
    expect(category.body).toEqual({ errors: { categories: 'names a category that does not exist' } });
    const emptyCategory = await owner.api.post('snippets/categories/', { id: 'c-1', name: '' });
    expect(emptyCategory.body).toEqual({ errors: { name: 'cannot be empty' } });
  });

  it('moves categories without cycles, renumbering siblings in order, and refuses a position out of range', async () => {
    const owner = await suite.signUp();
    for (const id of ['a', 'b', 'c']) await owner.api.post('snippets/categories/', { id, name: id.toUpperCase() });
    await owner.api.post('snippets/categories/', { id: 'a1', name: 'A1', parent_id: 'a' });
    expect(await tree(owner)).toEqual(['-/0:a', '-/1:b', '-/2:c', 'a/0:a1']);

    const headers = mutation();
    const moved = await owner.api.patch<{ categories: SnippetCategory[] }>('snippets/categories/c/position', { id: 'c', position: 0, parent_id: 'a' }, { headers });
    expect(moved.status).toBe(200);
    expect(await tree(owner)).toEqual(['-/0:a', '-/1:b', 'a/0:c', 'a/1:a1']);
    expect((await feedOf(suite, headers)).map((row) => row.doc_id).sort()).toEqual(['a1', 'c']);

    const cycle = await owner.api.patch('snippets/categories/a/position', { id: 'a', position: 0, parent_id: 'c' });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toEqual({ errors: { parent_id: 'cannot be the category itself or one inside it' } });
    const self = await owner.api.patch('snippets/categories/a/position', { id: 'a', position: 0, parent_id: 'a' });
    expect(self.status).toBe(400);
    const range = await owner.api.patch('snippets/categories/b/position', { id: 'b', position: 2, parent_id: null });
    expect(range.body).toEqual({ errors: { position: 'must be between 0 and 1' } });
    expect((await owner.api.patch('snippets/categories/b/position', { id: 'b', position: -1, parent_id: null })).status).toBe(400);
    expect((await owner.api.patch('snippets/categories/b/position', { id: 'b', position: 0, parent_id: 'nowhere' })).status).toBe(400);
    expect(await tree(owner)).toEqual(['-/0:a', '-/1:b', 'a/0:c', 'a/1:a1']);

    const renamed = await owner.api.patch<SnippetCategory>('snippets/categories/b', { name: 'Bee' });
    expect(renamed.body).toMatchObject({ id: 'b', name: 'Bee' });
  });

  it('deletes a category: its snippets go where asked, its subcategories move up', async () => {
    const owner = await suite.signUp();
    await owner.api.post('snippets/categories/', { id: 'old', name: 'Old' });
    await owner.api.post('snippets/categories/', { id: 'new', name: 'New' });
    await owner.api.post('snippets/categories/', { id: 'inner', name: 'Inner', parent_id: 'old' });
    await owner.api.post('snippets/', { id: 's1', name: 'One', body: 'One', categories: ['old'] });
    await owner.api.post('snippets/', { id: 's2', name: 'Two', body: 'Two', categories: ['old', 'new'] });
    await owner.api.post('snippets/', { id: 's3', name: 'Three', body: 'Three', categories: ['inner'] });

    expect((await owner.api.delete('snippets/categories/old?move_to=old')).status).toBe(400);
    expect((await owner.api.delete('snippets/categories/old?move_to=nope')).status).toBe(400);
    const headers = mutation();
    expect((await owner.api.delete('snippets/categories/old?move_to=new', { headers })).status).toBe(200);
    const after = await library(owner);
    expect(Object.fromEntries(after.snippets.map((s) => [s.id, s.categories]))).toEqual({ s1: ['new'], s2: ['new'], s3: ['inner'] });
    // The subcategory goes after its new siblings; the gap the deleted one leaves keeps the order.
    expect(await tree(owner)).toEqual(['-/1:new', '-/2:inner']);
    expect(await feedOf(suite, headers)).toEqual([
      { col: 'snippet_categories', action: 'update', doc_id: 'inner' },
      { col: 'snippets', action: 'update', doc_id: 's1' },
      { col: 'snippets', action: 'update', doc_id: 's2' },
      { col: 'snippet_categories', action: 'delete', doc_id: 'old' },
    ]);

    expect((await owner.api.delete('snippets/categories/inner')).status).toBe(200);
    expect((await library(owner)).snippets.find((s) => s.id === 's3')?.categories).toEqual([]);
  });

  it('answers another organization’s ids with 404 and lets only snippet.* change the library', async () => {
    const owner = await suite.signUp();
    const other = await suite.signUp();
    await other.api.post('snippets/categories/', { id: 'theirs', name: 'Theirs' });
    await other.api.post('snippets/', { id: 'their-snippet', name: 'Theirs', body: 'Theirs' });
    expect((await owner.api.patch('snippets/their-snippet', { name: 'Mine' })).status).toBe(404);
    expect((await owner.api.delete('snippets/their-snippet')).status).toBe(404);
    expect((await owner.api.post('snippets/their-snippet/uses')).status).toBe(404);
    expect((await owner.api.post('snippets/their-snippet/categories', { categories: [] })).status).toBe(404);
    expect((await owner.api.patch('snippets/categories/theirs', { name: 'Mine' })).status).toBe(404);
    expect((await owner.api.patch('snippets/categories/theirs/position', { id: 'theirs', position: 0, parent_id: null })).status).toBe(404);
    expect((await owner.api.delete('snippets/categories/theirs')).status).toBe(404);
    expect((await owner.api.post('snippets/', { id: 'mine', name: 'Mine', body: 'Mine', categories: ['theirs'] })).status).toBe(400);
    expect(await library(owner)).toEqual({ snippets: [], categories: [] });
    expect((await library(other)).snippets.map((s) => s.name)).toEqual(['Theirs']);

    await owner.api.post('snippets/categories/', { id: 'cat', name: 'Cat' });
    await owner.api.post('snippets/', { id: 'sn', name: 'Sn', body: 'Body' });
    const agent = await invitedTeammate(suite, owner, []);
    expect((await agent.get<Library>('snippets/')).body.snippets.map((s) => s.id)).toEqual(['sn']);
    expect((await agent.post('snippets/', { id: 'x', name: 'X', body: 'X' })).status).toBe(403);
    expect((await agent.patch('snippets/sn', { name: 'X' })).status).toBe(403);
    expect((await agent.delete('snippets/sn')).status).toBe(403);
    expect((await agent.post('snippets/sn/categories', { categories: ['cat'] })).status).toBe(403);
    expect((await agent.post('snippets/categories/', { id: 'y', name: 'Y' })).status).toBe(403);
    expect((await agent.patch('snippets/categories/cat', { name: 'Y' })).status).toBe(403);
    expect((await agent.patch('snippets/categories/cat/position', { id: 'cat', position: 0, parent_id: null })).status).toBe(403);
    expect((await agent.delete('snippets/categories/cat')).status).toBe(403);
    expect((await agent.post<Snippet>('snippets/sn/uses')).body.use_count).toBe(1);
    const editor = await invitedTeammate(suite, owner, ['snippet.update']);
    expect((await editor.patch<Snippet>('snippets/sn', { name: 'Edited' })).body.name).toBe('Edited');
  });
});
