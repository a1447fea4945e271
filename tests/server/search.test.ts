import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { Message } from '../../src/protocol/documents';
import type { MatchesResponse, SearchHit, SearchPage } from '../../src/protocol/api/search-requests';
import { migrateToLatest, migrations } from '../../src/server/server-migrations';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database';
import { searchConversations } from '../../src/server/search/search-queries';
import { createTestDatabase, dropTestDatabase } from '../support/postgres';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { signUpWithInbox, type Inbox } from './sync-fixtures';

/** A word no seeded text holds. */
const word = () => `w${uid()}${uid()}`;
const search = (q: string, extra = '') => `conversations/search?q=${encodeURIComponent(q)}${extra}`;
const ids = (page: SearchPage) => page.results.map((hit) => hit.conversation.id);
/** The highlighted parts of a snippet, as text. */
const highlighted = (hit: SearchHit | undefined) => hit?.snippet.highlights.map(([from, to]) => hit.snippet.text.slice(from, to)) ?? [];

function nth(inbox: Inbox, index: number) {
  const conversation = inbox.conversations[index];
  if (!conversation) throw new Error(`No conversation ${index} seeded`);
  return conversation;
}

describeEachDatabase('full-text search', (database) => {
  const suite = useServerSuite(database);

  it('finds a conversation by its subject, a message, a note and its contact name or email, with a highlighted snippet', async () => {
    const inbox = await signUpWithInbox(suite, 4, 2);
    const [bySubject, byMessage, byNote, byContact] = [nth(inbox, 0), nth(inbox, 1), nth(inbox, 2), nth(inbox, 3)];
    const [subjectWord, messageWord, noteWord, nameWord, mailWord] = [word(), word(), word(), word(), word()];
    await suite.db().updateTable('conversations').set({ subject: `Invoice ${subjectWord} overdue` }).where('id', '=', bySubject.id).execute();
    await suite.db().updateTable('contacts').set({ name: `Quinn ${nameWord}`, email: `quinn.${mailWord}@example.org` }).where('id', '=', byContact.contact_id).execute();
    const reply = await inbox.api.post<{ message: Message }>(`conversations/${byMessage.id}/reply`, { message: `We refunded order ${messageWord} today.` });
    expect(reply.status).toBe(201);
    const note = await inbox.api.post<Message>(`conversations/${byNote.id}/notes`, { message: `Customer asked twice about ${noteWord}, be kind.` });

    const subject = await inbox.api.get<SearchPage>(search(subjectWord.toUpperCase()));
    expect(subject.status).toBe(200);
    expect(ids(subject.body)).toEqual([bySubject.id]);
    expect(subject.body.results[0]?.snippet).toMatchObject({ source: 'subject', text: `Invoice ${subjectWord} overdue` });
    expect(highlighted(subject.body.results[0])).toEqual([subjectWord]);

    const message = await inbox.api.get<SearchPage>(search(messageWord));
    expect(ids(message.body)).toEqual([byMessage.id]);
    expect(message.body.results[0]?.snippet).toMatchObject({ source: 'message', message_id: reply.body.message.id });
    expect(highlighted(message.body.results[0])).toEqual([messageWord]);

    const noted = await inbox.api.get<SearchPage>(search(`${noteWord} twice`));
    expect(ids(noted.body)).toEqual([byNote.id]);
    expect(noted.body.results[0]?.snippet).toMatchObject({ source: 'note', message_id: note.body.id });
    expect(highlighted(noted.body.results[0])).toEqual(['twice', noteWord]);

    const byName = await inbox.api.get<SearchPage>(search(`quinn ${nameWord}`));
    expect(ids(byName.body)).toEqual(ids((await inbox.api.get<SearchPage>(search(`quinn.${mailWord}@example.org`))).body));
    expect(ids(byName.body)).toContain(byContact.id);
    expect(byName.body.results[0]?.contact?.name).toBe(`Quinn ${nameWord}`);
  });

  it('the last word of a term is a prefix, a quoted phrase needs whole words in a row, and every term must be found', async () => {
    const inbox = await signUpWithInbox(suite, 2, 2);
    const target = nth(inbox, 0);
    const unique = word();
    await inbox.api.post(`conversations/${target.id}/notes`, { message: `Charged twice for ${unique}` });
    expect(ids((await inbox.api.get<SearchPage>(search(unique.slice(0, 8)))).body)).toEqual([target.id]);
    expect(ids((await inbox.api.get<SearchPage>(search(`"${unique.slice(0, 8)}"`))).body)).toEqual([]);
    expect(ids((await inbox.api.get<SearchPage>(search(`"twice for ${unique}"`))).body)).toEqual([target.id]);
    expect(ids((await inbox.api.get<SearchPage>(search(`"for twice ${unique}"`))).body)).toEqual([]);
    // One term in the note and one in the contact: found; a term found nowhere: not.
    const contact = await inbox.api.get<{ email: string }>(`contacts/${target.contact_id}`);
    expect(ids((await inbox.api.get<SearchPage>(search(`${unique} ${contact.body.email}`))).body)).toEqual([target.id]);
    expect(ids((await inbox.api.get<SearchPage>(search(`${unique} ${word()}`))).body)).toEqual([]);
  });

  it('ranks a match in the subject above one in a message, then the newest first, and pages by cursor', async () => {
    const inbox = await signUpWithInbox(suite, 4, 2);
    const unique = word();
    const [inSubject, inNote, inOlderNote, inBoth] = [nth(inbox, 0), nth(inbox, 1), nth(inbox, 2), nth(inbox, 3)];
    await suite.db().updateTable('conversations').set({ subject: `About ${unique}` }).where('id', 'in', [inSubject.id, inBoth.id]).execute();
    await inbox.api.post(`conversations/${inOlderNote.id}/notes`, { message: `Older note on ${unique}` });
    await inbox.api.post(`conversations/${inNote.id}/notes`, { message: `Newer note on ${unique}` });
    await inbox.api.post(`conversations/${inBoth.id}/notes`, { message: `And a note on ${unique}` });

    const all = await inbox.api.get<SearchPage>(search(unique));
    expect(ids(all.body)).toEqual([inBoth.id, inSubject.id, inNote.id, inOlderNote.id]);
    expect(all.body.results.map((hit) => hit.score)).toEqual([4, 3, 1, 1]);
    expect(all.body.next_cursor).toBeNull();

    const first = await inbox.api.get<SearchPage>(search(unique, '&limit=3'));
    expect(ids(first.body)).toEqual([inBoth.id, inSubject.id, inNote.id]);
    const rest = await inbox.api.get<SearchPage>(search(unique, `&limit=3&cursor=${first.body.next_cursor ?? ''}`));
    expect(ids(rest.body)).toEqual([inOlderNote.id]);
    expect(rest.body.next_cursor).toBeNull();
  });

  it('reflects note edits and deletions, and never finds an undone reply', async () => {
    const inbox = await signUpWithInbox(suite, 2, 2);
    const target = nth(inbox, 1);
    const [before, after, undone] = [word(), word(), word()];
    const note = await inbox.api.post<Message>(`conversations/${target.id}/notes`, { message: `Check ${before}` });
    expect(ids((await inbox.api.get<SearchPage>(search(before))).body)).toEqual([target.id]);

    await inbox.api.patch(`conversations/${target.id}/notes/${note.body.id}`, { message: `Check ${after}` });
    expect(ids((await inbox.api.get<SearchPage>(search(before))).body)).toEqual([]);
    expect(ids((await inbox.api.get<SearchPage>(search(after))).body)).toEqual([target.id]);

    expect((await inbox.api.delete(`conversations/${target.id}/notes/${note.body.id}`)).status).toBe(204);
    expect(ids((await inbox.api.get<SearchPage>(search(after))).body)).toEqual([]);

    const reply = await inbox.api.post<{ message: Message }>(`conversations/${target.id}/reply`, { message: `Draft about ${undone}`, source: 'EMAIL' });
    expect(ids((await inbox.api.get<SearchPage>(search(undone))).body)).toEqual([target.id]);
    await inbox.api.post(`conversations/${target.id}/messages/${reply.body.message.id}/undo`);
    expect(ids((await inbox.api.get<SearchPage>(search(undone))).body)).toEqual([]);
  });

  it('finds the seeded messages, and a contact renamed later by its new name only', async () => {
    const inbox = await signUpWithInbox(suite, 3, 3);
    const target = nth(inbox, 2);
    const thread = await inbox.api.get<{ messages: Message[] }>(`conversations/${target.id}/messages/?limit=100`);
    const firstWords = (thread.body.messages[0]?.message ?? '').split(/\s+/).slice(0, 4).join(' ');
    const found = await inbox.api.get<SearchPage>(search(`"${firstWords}"`));
    expect(ids(found.body)).toContain(target.id);

    const contact = await inbox.api.get<{ name: string }>(`contacts/${target.contact_id}`);
    const renamed = word();
    await suite.db().updateTable('contacts').set({ name: `Robin ${renamed}` }).where('id', '=', target.contact_id).execute();
    expect(ids((await inbox.api.get<SearchPage>(search(renamed))).body)).toContain(target.id);
    // Seeded messages greet the contact by first name only: the full name was only the contact's.
    expect(ids((await inbox.api.get<SearchPage>(search(`"${contact.body.name}"`))).body)).not.toContain(target.id);
  });

  it('compares words without case or diacritics, both ways', async () => {
    const inbox = await signUpWithInbox(suite, 1, 2);
    const target = nth(inbox, 0);
    const unique = word();
    await suite.db().updateTable('contacts').set({ name: `Zoë Ångström ${unique}` }).where('id', '=', target.contact_id).execute();
    for (const q of [`zoe angstrom ${unique}`, `ZOË ${unique}`, `"ångström ${unique}"`]) {
      expect(ids((await inbox.api.get<SearchPage>(search(q))).body), q).toEqual([target.id]);
    }
  });

  it("never finds another organization's conversations, and answers false for its ids", async () => {
    const mine = await signUpWithInbox(suite, 1, 2);
    const theirs = await signUpWithInbox(suite, 1, 2);
    const shared = word();
    await mine.api.post(`conversations/${nth(mine, 0).id}/notes`, { message: `Shared ${shared}` });
    await theirs.api.post(`conversations/${nth(theirs, 0).id}/notes`, { message: `Shared ${shared}` });
    expect(ids((await mine.api.get<SearchPage>(search(shared))).body)).toEqual([nth(mine, 0).id]);
    expect(ids((await theirs.api.get<SearchPage>(search(shared))).body)).toEqual([nth(theirs, 0).id]);
    const check = await mine.api.get<MatchesResponse>(`conversations/matches?ids=${nth(mine, 0).id},${nth(theirs, 0).id}&search=${shared}`);
    expect(check.body).toEqual({ matches: { [nth(mine, 0).id]: true, [nth(theirs, 0).id]: false } });
  });

  it('matches answers every requested id, unknown ones false', async () => {
    const inbox = await signUpWithInbox(suite, 3, 2);
    const unique = word();
    const [hit, miss] = [nth(inbox, 0), nth(inbox, 1)];
    await inbox.api.post(`conversations/${hit.id}/notes`, { message: `Tracking ${unique}` });
    const response = await inbox.api.get<MatchesResponse>(`conversations/matches?ids=${hit.id},${miss.id},999999999&search=${encodeURIComponent(`track ${unique}`)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ matches: { [hit.id]: true, [miss.id]: false, 999999999: false } });
    const nothing = await inbox.api.get<MatchesResponse>(`conversations/matches?ids=${hit.id}&search=${encodeURIComponent('!!')}`);
    expect(nothing.body).toEqual({ matches: { [hit.id]: false } });
  });

  it('answers bad parameters with 400 and the field at fault', async () => {
    const { api } = await suite.signUp();
    const cases: [string, string][] = [
      ['conversations/search', 'q'],
      [search('   '), 'q'],
      [search('x'.repeat(201)), 'q'],
      [search(Array.from({ length: 11 }, (_, i) => `w${i}`).join(' ')), 'q'],
      [search('refund', '&cursor=nope'), 'cursor'],
      [search('refund', '&limit=0'), 'limit'],
      ['conversations/matches?search=refund', 'ids'],
      ['conversations/matches?ids=1,a&search=refund', 'ids'],
      ['conversations/matches?ids=0&search=refund', 'ids'],
      [`conversations/matches?ids=${Array.from({ length: 251 }, (_, i) => i + 1).join(',')}&search=refund`, 'ids'],
      ['conversations/matches?ids=1', 'search'],
    ];
    for (const [path, field] of cases) {
      const response = await api.get<{ errors: Record<string, string> }>(path);
      expect(response.status, path).toBe(400);
      expect(Object.keys(response.body.errors), path).toEqual([field]);
    }
    expect((await suite.client().get(search('refund'))).status).toBe(401);
  });
});

describeEachDatabase('the search migration', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function openScratch(): Promise<DatabaseHandle> {
    if (database === 'postgres') {
      const url = await createTestDatabase();
      const handle = openDatabase({ databaseUrl: url, dataDir: '' });
      cleanups.push(async () => {
        await handle.db.destroy();
        await dropTestDatabase(url);
      });
      return handle;
    }
    const dir = mkdtempSync(join(tmpdir(), 'search-migration-'));
    const handle = openDatabase({ databaseUrl: null, dataDir: dir });
    cleanups.push(async () => {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    return handle;
  }

  it('fills the index from the rows that existed before it', async () => {
    const handle = await openScratch();
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(migrations(handle.dialect)) } });
    expect((await migrator.migrateTo('0003-drafts')).error).toBeUndefined();
    const { db } = handle;
    const org = await db.insertInto('organizations').values({ slug: `o-${uid()}`, name: 'Old', is_premium: 0, trial_ends_at: null, onboarding: '{}', hours: null, is_custom_data_enabled: 0, created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    const contact = await db.insertInto('contacts').values({ org_id: org.id, name: 'Ada Lovelace', email: 'ada@engine.example', avatar: null, is_trusted: 0, company: null, created_at: 1, version: 1 }).returning('id').executeTakeFirstOrThrow();
    const conversation = await db
      .insertInto('conversations')
      .values({ org_id: org.id, agent_id: null, contact_id: contact.id, channel: 'EMAIL', channel_id: null, subject: 'Analytical engine', status: 'OPENED', tags: '[]', recipients: '[]', last_update: 'Hello', last_update_ts: 2, is_unread: 0, priority: 0, created_at: 1, version: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('messages')
      .values({ org_id: org.id, conversation_id: conversation.id, type: 'MESSAGE', message: 'The Bernoulli numbers program', timestamp_ts: 2, attachments: '[]', status: 'RECEIVED', source: 'EMAIL', delay: 0, deliver_at: null, agent_id: null, contact_id: contact.id, target_id: null, is_removed: 0, created_at: 2, version: 3 })
      .execute();

    await migrateToLatest(handle);
    const scope = { db, dialect: handle.dialect, orgId: org.id };
    for (const q of ['analytical', 'lovelace', 'engine.example', 'bernoulli program']) {
      const page = await searchConversations(scope, { q, limit: 10 });
      expect(ids(page), q).toEqual([conversation.id]);
    }
  });
});
