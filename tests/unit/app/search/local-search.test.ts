import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openInboxDatabase, type InboxDatabase } from '../../../../src/client-db/inbox-database';
import type { SearchHit } from '../../../../src/protocol/api/search-requests';
import type { Contact, Conversation } from '../../../../src/protocol/documents';
import { parseSearchText } from '../../../../src/protocol/search/search-text';
import type { LocalSearchIndex } from '../../../../src/app/search/local-search-index';
import { acquireLocalSearchIndex } from '../../../../src/app/search/search-index-cache';
import { matchCandidates, mergeSearchResults } from '../../../../src/app/search/merge-search-results';
import { createSearchCorpus, indexCorpus, putContact, putConversation, putThread, removeConversation, type SearchCorpus } from '../../../../src/app/search/search-corpus';
import { searchCorpus } from '../../../../src/app/search/search-local';
import { conversation, message } from '../../support/worker-harness';

function contact(overrides: Partial<Contact> = {}): Contact {
  return { id: 1, name: 'Ada Lovelace', email: 'ada@engine.example', avatar: null, is_trusted: false, company: null, version: 1, ...overrides };
}

function corpusOf(entries: { conversation: Conversation; messages?: Parameters<typeof putThread>[2] }[], contacts: Contact[] = [contact()]): SearchCorpus {
  const corpus = createSearchCorpus();
  for (const c of contacts) putContact(corpus, c);
  for (const entry of entries) {
    putConversation(corpus, entry.conversation);
    putThread(corpus, entry.conversation.id, entry.messages ?? []);
  }
  return corpus;
}

const ids = (hits: readonly { conversation: Conversation }[]) => hits.map((hit) => hit.conversation.id);
const search = (corpus: SearchCorpus, text: string) => searchCorpus(corpus, parseSearchText(text));

function serverHit(c: Conversation, score: number): SearchHit {
  return { conversation: c, contact: null, score, snippet: { source: 'subject', message_id: null, text: c.subject, highlights: [] } };
}

function sampleCorpus(): SearchCorpus {
  return corpusOf(
    [
      { conversation: conversation({ id: 1, subject: 'Refund for order 1234', last_update_ts: 10 }) },
      { conversation: conversation({ id: 2, subject: 'Login trouble', last_update_ts: 30 }), messages: [message({ message: 'I asked for a REFUND twice' })] },
      { conversation: conversation({ id: 3, subject: 'Question', contact_id: 2, last_update: 'Thanks, the réfund arrived', last_update_ts: 20 }) },
      { conversation: conversation({ id: 4, subject: 'Other', last_update_ts: 40 }), messages: [message({ message: 'Nothing to see' })] },
    ],
    [contact(), contact({ id: 2, name: 'Zoë Refundsson', email: null })],
  );
}

function indexed(corpus: SearchCorpus): SearchCorpus {
  indexCorpus(corpus);
  return corpus;
}

describe.each([
  ['scanning', sampleCorpus],
  ['through the word index', () => indexed(sampleCorpus())],
])('local search (%s)', (_how, make) => {
  const corpus = make();

  it('finds every term in the subject, contact, last update or thread, ignoring case and accents', () => {
    expect(ids(search(corpus, 'refund'))).toEqual([3, 1, 2]);
    expect(ids(search(corpus, 'REFU twice'))).toEqual([2]);
    expect(ids(search(corpus, 'ada@engine.example login'))).toEqual([2]);
    expect(ids(search(corpus, 'zoe'))).toEqual([3]);
    expect(ids(search(corpus, '"refund"'))).toEqual([1, 2, 3]);
    expect(ids(search(corpus, '"asked for a"'))).toEqual([2]);
    expect(ids(search(corpus, '"for a asked"'))).toEqual([]);
    expect(ids(search(corpus, 'efund'))).toEqual([]);
    expect(search(corpus, '')).toEqual([]);
  });

  it('scores like the server: subject 3, contact 2, messages 1 per term, then newest first', () => {
    const hits = search(corpus, 'refund');
    expect(hits.map((hit) => [hit.conversation.id, hit.score])).toEqual([
      [3, 3],
      [1, 3],
      [2, 1],
    ]);
  });
});

describe('local search', () => {
  it('finds what changed after the word index was built, and not what changed away', () => {
    const corpus = indexed(sampleCorpus());
    putThread(corpus, 4, [message({ message: 'Now about a parcel' })]);
    putConversation(corpus, conversation({ id: 5, subject: 'Parcel lost', last_update_ts: 50 }));
    putContact(corpus, contact({ id: 2, name: 'Zoë Martin' }));
    removeConversation(corpus, 1);
    expect(ids(search(corpus, 'parcel'))).toEqual([5, 4]);
    expect(ids(search(corpus, 'refund'))).toEqual([2, 3]);
    expect(ids(search(corpus, 'martin'))).toEqual([3]);
    indexCorpus(corpus);
    expect(corpus.changed.size).toBe(0);
    expect(ids(search(corpus, 'parcel'))).toEqual([5, 4]);
    expect(ids(search(corpus, 'refund'))).toEqual([2, 3]);
  });

  it('leaves out removed and undone messages, and marks hits found only in text not yet sent', () => {
    const local = corpusOf([
      {
        conversation: conversation({ id: 5, subject: 'Hello' }),
        messages: [
          { ...message({ id: 'n-1', message: 'deleted words' }), is_removed: true },
          message({ id: 'm-2', message: 'undone words', status: 'CANCELLED' }),
          { ...message({ id: 't-3', message: 'offline words' }), outbox_id: 9 },
        ],
      },
    ]);
    expect(search(local, 'deleted')).toEqual([]);
    expect(search(local, 'undone')).toEqual([]);
    expect(search(local, 'offline')).toMatchObject([{ needsPending: true, score: 1 }]);
    expect(search(local, 'hello')).toMatchObject([{ needsPending: false }]);
    indexCorpus(local);
    expect(search(local, 'deleted')).toEqual([]);
    expect(search(local, 'offline hello')).toMatchObject([{ needsPending: true, score: 4 }]);
  });
});

describe('merging local and server results', () => {
  const a = conversation({ id: 1, subject: 'A', last_update_ts: 1 });
  const b = conversation({ id: 2, subject: 'B', last_update_ts: 2 });
  const c = conversation({ id: 3, subject: 'C', last_update_ts: 3 });
  const d = conversation({ id: 4, subject: 'D', last_update_ts: 4 });
  const none = { verdicts: new Map<number, boolean>(), unheld: [], held: () => undefined };

  it('shows local hits alone until the server answers', () => {
    const local = [{ conversation: a, contact: undefined, score: 3, needsPending: false }];
    expect(mergeSearchResults({ ...none, local, server: null })).toMatchObject([{ conversation: a, origin: 'local', snippet: null }]);
  });

  it('adds server hits once, in score order, with the fresher local copy of a held conversation', () => {
    const freshB = { ...b, subject: 'B, renamed here' };
    const local = [
      { conversation: freshB, contact: undefined, score: 1, needsPending: false },
      { conversation: a, contact: undefined, score: 1, needsPending: false },
    ];
    const server = [serverHit(c, 4), serverHit(b, 3)];
    const merged = mergeSearchResults({ ...none, local, server, held: (id) => (id === 2 ? freshB : undefined) });
    expect(merged.map((result) => [result.conversation.id, result.origin, result.score])).toEqual([
      [3, 'server', 4],
      [2, 'both', 3],
      [1, 'local', 1],
    ]);
    expect(merged[1]?.conversation.subject).toBe('B, renamed here');
    expect(merged[1]?.snippet?.text).toBe('B');
  });

  it('drops a local hit the server says no longer matches, unless it was found in text not sent yet', () => {
    const local = [
      { conversation: c, contact: undefined, score: 1, needsPending: false },
      { conversation: b, contact: undefined, score: 1, needsPending: true },
      { conversation: a, contact: undefined, score: 1, needsPending: false },
    ];
    const verdicts = new Map([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(ids(mergeSearchResults({ ...none, local, server: [], verdicts }))).toEqual([3, 2]);
  });

  it('adds conversations whose thread is not all held when the server says they match', () => {
    const verdicts = new Map([
      [4, true],
      [3, false],
    ]);
    const unheld = [
      { conversation: d, contact: undefined },
      { conversation: c, contact: undefined },
    ];
    expect(mergeSearchResults({ ...none, local: [], server: [], verdicts, unheld }).map((r) => [r.conversation.id, r.origin])).toEqual([[4, 'server']]);
  });

  it('asks the server about shown local-only hits and unheld threads, once it has answered', () => {
    const local = [
      { conversation: a, contact: undefined, score: 3, needsPending: false },
      { conversation: b, contact: undefined, score: 2, needsPending: true },
      { conversation: c, contact: undefined, score: 1, needsPending: false },
    ];
    const unheld = [{ conversation: d, contact: undefined }, { conversation: a, contact: undefined }];
    expect(matchCandidates({ local, server: null, unheld, limit: 50 })).toEqual([]);
    expect(matchCandidates({ local, server: [serverHit(c, 1)], unheld, limit: 50 })).toEqual([1, 4]);
    expect(matchCandidates({ local, server: [], unheld: [], limit: 1 })).toEqual([1]);
  });
});

describe('the local search index', () => {
  let db: InboxDatabase | null = null;
  let release: (() => void) | null = null;

  afterEach(async () => {
    release?.();
    db?.close();
    if (db) await db.delete();
    db = null;
  });

  /** Resolves once the index's version passed `after` and `check` holds. */
  function changed(index: LocalSearchIndex, check: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('the index did not change')), 3000);
      const test = () => {
        if (!index.ready || !check()) return;
        clearTimeout(timeout);
        stop();
        resolve();
      };
      const stop = index.subscribe(test);
      test();
    });
  }

  it('is built from the database and follows its writes: new messages, edits, deletions', async () => {
    db = openInboxDatabase(`search-${Math.random().toString(36).slice(2)}`);
    await db.contacts.put(contact());
    await db.conversations.bulkPut([conversation({ id: 1, subject: 'Invoice' }), conversation({ id: 2, subject: 'Login' })]);
    await db.messages.put(message({ id: 'm-1', conversation_id: 1, message: 'Where is my parcel?' }));
    const taken = acquireLocalSearchIndex(db);
    release = taken.release;
    const { index } = taken;
    const found = (text: string) => ids(searchCorpus(index.corpus, parseSearchText(text)));

    await changed(index, () => found('parcel').length === 1);
    expect(found('parcel')).toEqual([1]);

    await db.messages.put(message({ id: 'n-2', conversation_id: 2, type: 'NOTE', message: 'Reset the password' }));
    await changed(index, () => found('password').length === 1);
    expect(found('password')).toEqual([2]);

    await db.messages.put(message({ id: 'n-2', conversation_id: 2, type: 'NOTE', message: 'Reset the passphrase' }));
    await changed(index, () => found('password').length === 0);
    expect(found('passphrase')).toEqual([2]);

    await db.messages.delete('m-1');
    await changed(index, () => found('parcel').length === 0);
    await db.contacts.put(contact({ name: 'Grace Hopper' }));
    await changed(index, () => found('grace').length === 2);
    expect(found('lovelace')).toEqual([]);
  });
});
