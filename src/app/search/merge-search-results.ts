import type { SearchHit, SearchHitSnippet } from '../../protocol/api/search-requests';
import type { Contact, Conversation } from '../../protocol/documents';
import { compareHits, type LocalHit } from './search-local';

/** One row of the results: where it was found, and what is known of it. */
export type SearchResult = {
  conversation: Conversation;
  contact: Contact | null;
  score: number;
  /** The server's snippet; null when the match is shown from local text. */
  snippet: SearchHitSnippet | null;
  /** local: found here only; server: found by the server only; both. */
  origin: 'local' | 'server' | 'both';
};

export type MergeInput = {
  /** What the browser found in what it holds, best first (as searchCorpus returns it). */
  local: readonly LocalHit[];
  /** The server's results so far, or null before (or without) an answer. */
  server: readonly SearchHit[] | null;
  /** The server's `matches` answers for this search, by conversation id. */
  verdicts: ReadonlyMap<number, boolean>;
  /** Held conversations whose thread is not all here: those the server says match join the results. */
  unheld: readonly { conversation: Conversation; contact: Contact | undefined }[];
  /** The browser's copy of a conversation, fresher than the server's answer. */
  held: (id: number) => Conversation | undefined;
};

/**
 * Local and server results as one list, each conversation once, in the server's order (score,
 * then newest). A local hit the server says no longer matches (its text was edited or deleted
 * there) is dropped, unless it was found in text the server has not received yet.
 */
export function mergeSearchResults({ local, server, verdicts, unheld, held }: MergeInput): SearchResult[] {
  // Local hits come sorted and are most of the results: only the others are sorted, then the two lists merged.
  const others = new Map<number, SearchResult>();
  for (const hit of server ?? []) {
    const id = hit.conversation.id;
    others.set(id, { conversation: held(id) ?? hit.conversation, contact: hit.contact, score: hit.score, snippet: hit.snippet, origin: 'server' });
  }
  const localOnly: SearchResult[] = [];
  const found = new Set<number>();
  for (const hit of local) {
    const id = hit.conversation.id;
    found.add(id);
    const fromServer = others.get(id);
    if (fromServer) {
      others.set(id, { ...fromServer, conversation: hit.conversation, contact: hit.contact ?? fromServer.contact, score: Math.max(fromServer.score, hit.score), origin: 'both' });
    } else if (verdicts.get(id) !== false || hit.needsPending) {
      localOnly.push({ conversation: hit.conversation, contact: hit.contact ?? null, score: hit.score, snippet: null, origin: 'local' });
    }
  }
  for (const { conversation, contact } of unheld) {
    if (others.has(conversation.id) || found.has(conversation.id) || verdicts.get(conversation.id) !== true) continue;
    others.set(conversation.id, { conversation, contact: contact ?? null, score: 0, snippet: null, origin: 'server' });
  }
  if (others.size === 0) return localOnly;
  return mergeSorted(localOnly, [...others.values()].sort(compareHits));
}

/** Two lists sorted by compareHits, as one. */
function mergeSorted(a: readonly SearchResult[], b: readonly SearchResult[]): SearchResult[] {
  const merged: SearchResult[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left && (!right || compareHits(left, right) <= 0)) {
      merged.push(left);
      i += 1;
    } else if (right) {
      merged.push(right);
      j += 1;
    }
  }
  return merged;
}

/**
 * The conversations to ask the server about (batched `matches`): the first `limit` local hits
 * it did not return (do they still match there?) and threads not all held here (do they match
 * in what is missing?). Hits found in text the server has not received yet are not asked.
 */
export function matchCandidates({ local, server, unheld, limit }: Pick<MergeInput, 'local' | 'server' | 'unheld'> & { limit: number }): number[] {
  if (server === null) return [];
  const returned = new Set(server.map((hit) => hit.conversation.id));
  const ids = local
    .filter((hit) => !hit.needsPending && !returned.has(hit.conversation.id))
    .slice(0, limit)
    .map((hit) => hit.conversation.id);
  const found = new Set(local.map((hit) => hit.conversation.id));
  for (const { conversation } of unheld) if (!returned.has(conversation.id) && !found.has(conversation.id)) ids.push(conversation.id);
  return ids;
}
