import type { Contact, Conversation } from '../../protocol/documents';
import { SEARCH_WEIGHTS, termPattern, type SearchTerm } from '../../protocol/search/search-text';
import type { CorpusBase, CorpusConversation, SearchCorpus } from './search-corpus';
import { markWord, type WordIndex } from './word-index';

/**
 * A conversation found locally. `needsPending`: some term was found only in text the server
 * does not have yet, so the server cannot confirm this hit (and must not drop it).
 */
export type LocalHit = { conversation: Conversation; contact: Contact | undefined; score: number; needsPending: boolean };

type TermTest = { term: SearchTerm; first: string; joined: string; pattern: RegExp };
type Sources = { subject: string; contact: string; thread: string[] };

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/**
 * Whether folded text holds the term. Most matches are the words with single spaces between
 * them, which indexOf finds far faster than the pattern; the pattern decides the rest.
 */
function has(test: TermTest, text: string): boolean {
  if (!text.includes(test.first)) return false;
  for (let at = text.indexOf(test.joined); at >= 0; at = text.indexOf(test.joined, at + 1)) {
    if (!isWordChar(text[at - 1]) && (test.term.prefix || !isWordChar(text[at + test.joined.length]))) return true;
  }
  return test.pattern.test(text);
}

function sourcesOf(corpus: SearchCorpus, entry: CorpusConversation): Sources {
  return { subject: entry.subject, contact: corpus.contacts.get(entry.conversation.contact_id)?.text ?? '', thread: [entry.thread, entry.lastUpdate] };
}

/** What one term adds to a conversation's score (SEARCH_WEIGHTS per place found), 0 when nowhere. */
function scan(test: TermTest, sources: Sources): number {
  return (
    (has(test, sources.subject) ? SEARCH_WEIGHTS.subject : 0) +
    (has(test, sources.contact) ? SEARCH_WEIGHTS.contact : 0) +
    (sources.thread.some((text) => has(test, text)) ? SEARCH_WEIGHTS.message : 0)
  );
}

/** Marks the slots where the term may be: exactly for one word, candidates to verify for a phrase. */
function markTerm(index: WordIndex, { term }: TermTest, into: Uint8Array, scratch: Uint8Array): void {
  const last = term.words.length - 1;
  term.words.forEach((word, position) => {
    const target = position === 0 ? into : scratch.fill(0);
    markWord(index, word, position === last && term.prefix, target);
    if (position > 0) for (let slot = 0; slot < into.length; slot++) into[slot] = (into[slot] ?? 0) & (scratch[slot] ?? 0);
  });
}

/** Scores the base's conversations term by term; a slot whose conversation changed is left to scanning. */
function searchBase(corpus: SearchCorpus, base: CorpusBase, tests: readonly TermTest[], hits: LocalHit[]): void {
  const size = base.ids.length;
  const score = new Int32Array(size);
  const alive = new Uint8Array(size).fill(1);
  const pendingOnly = new Uint8Array(size);
  const marks = { subject: new Uint8Array(size), contact: new Uint8Array(size), thread: new Uint8Array(size) };
  const scratch = new Uint8Array(size);
  const entryAt = (slot: number) => corpus.conversations.get(base.ids[slot] ?? 0);
  for (const test of tests) {
    for (const source of ['subject', 'contact', 'thread'] as const) {
      marks[source].fill(0);
      markTerm(base[source], test, marks[source], scratch);
    }
    const phrase = test.term.words.length > 1;
    for (let slot = 0; slot < size; slot++) {
      if (!alive[slot]) continue;
      let weight = 0;
      if (phrase) {
        // The marks hold every word somewhere in that source: only those sources are read.
        const entry = marks.subject[slot] || marks.contact[slot] || marks.thread[slot] ? entryAt(slot) : undefined;
        if (entry) {
          const sources = sourcesOf(corpus, entry);
          if (marks.subject[slot] && has(test, sources.subject)) weight += SEARCH_WEIGHTS.subject;
          if (marks.contact[slot] && has(test, sources.contact)) weight += SEARCH_WEIGHTS.contact;
          if (marks.thread[slot] && sources.thread.some((text) => has(test, text))) weight += SEARCH_WEIGHTS.message;
        }
      } else {
        weight = (marks.subject[slot] ? SEARCH_WEIGHTS.subject : 0) + (marks.contact[slot] ? SEARCH_WEIGHTS.contact : 0) + (marks.thread[slot] ? SEARCH_WEIGHTS.message : 0);
      }
      if (weight === 0) {
        const entry = entryAt(slot);
        if (entry?.pendingThread && has(test, entry.pendingThread)) {
          pendingOnly[slot] = 1;
          weight = SEARCH_WEIGHTS.message;
        } else alive[slot] = 0;
      }
      score[slot] = (score[slot] ?? 0) + weight;
    }
  }
  for (let slot = 0; slot < size; slot++) {
    const id = base.ids[slot] ?? 0;
    if (!alive[slot] || corpus.changed.has(id)) continue;
    const entry = corpus.conversations.get(id);
    if (entry) hits.push({ conversation: entry.conversation, contact: corpus.contacts.get(entry.conversation.contact_id)?.contact, score: score[slot] ?? 0, needsPending: pendingOnly[slot] === 1 });
  }
}

function searchEntry(corpus: SearchCorpus, entry: CorpusConversation, tests: readonly TermTest[]): LocalHit | null {
  const sources = sourcesOf(corpus, entry);
  let score = 0;
  let needsPending = false;
  for (const test of tests) {
    let weight = scan(test, sources);
    if (weight === 0) {
      if (!has(test, entry.pendingThread)) return null;
      needsPending = true;
      weight = SEARCH_WEIGHTS.message;
    }
    score += weight;
  }
  return { conversation: entry.conversation, contact: corpus.contacts.get(entry.conversation.contact_id)?.contact, score, needsPending };
}

/**
 * Every held conversation in which each term is found in the subject, the contact, the last
 * update or the thread, scored like the server (SEARCH_WEIGHTS per place and term), best
 * first, then newest, then highest id.
 */
export function searchCorpus(corpus: SearchCorpus, terms: readonly SearchTerm[]): LocalHit[] {
  if (terms.length === 0) return [];
  const tests = terms.map((term) => ({ term, first: term.words[0] ?? '', joined: term.words.join(' '), pattern: termPattern(term) }));
  const hits: LocalHit[] = [];
  const { base } = corpus;
  if (base) searchBase(corpus, base, tests, hits);
  const scanned = base ? [...corpus.changed].flatMap((id) => corpus.conversations.get(id) ?? []) : corpus.conversations.values();
  for (const entry of scanned) {
    const hit = searchEntry(corpus, entry, tests);
    if (hit) hits.push(hit);
  }
  return hits.sort(compareHits);
}

/** Score first, then the most recently updated, then the highest id: the server's order. */
export function compareHits(
  a: { score: number; conversation: Pick<Conversation, 'last_update_ts' | 'id'> },
  b: { score: number; conversation: Pick<Conversation, 'last_update_ts' | 'id'> },
): number {
  return b.score - a.score || b.conversation.last_update_ts - a.conversation.last_update_ts || b.conversation.id - a.conversation.id;
}
