import { Dexie, type ObservabilitySet } from 'dexie';
import { mutatedKeys } from '../sync/mutated-keys';
import type { InboxDatabase, LocalMessage } from '../../client-db/inbox-database';
import { createSearchCorpus, indexCorpus, putContact, putConversation, putThread, removeConversation, type SearchCorpus } from './search-corpus';

/**
 * The search corpus of one organization's database, kept current while anyone uses it.
 *
 * It is built once (every conversation, contact and message, read in pages) and then follows
 * the database: Dexie reports every committed write, from the sync worker too, as the keys it
 * touched (`storagemutated`); those documents are read again and only their conversations are
 * folded again. States: building → ready → disposed.
 */
export type LocalSearchIndex = {
  readonly corpus: SearchCorpus;
  /** False until the first build finished. */
  readonly ready: boolean;
  /** Grows at every change of the corpus (for useSyncExternalStore). */
  readonly version: number;
  subscribe: (listener: () => void) => () => void;
};

/** Rows read per IndexedDB request while building. */
const PAGE = 5_000;
/** Writes are taken together for this long before they are read back. */
const SETTLE_MS = 50;
/** After a write Dexie reports as "everything", wait this long for more before rebuilding. */
const REBUILD_SETTLE_MS = 1_000;
/** Conversations changed since the word index was built that a search scans; beyond, it is built again. */
const REINDEX_AFTER = 500;

type Table = 'conversations' | 'contacts' | 'messages';
const TABLES: readonly Table[] = ['conversations', 'contacts', 'messages'];
type Dirty = { [T in Table]: Set<string | number> } & { all: boolean };

function emptyDirty(): Dirty {
  return { conversations: new Set(), contacts: new Set(), messages: new Set(), all: false };
}

/** Builds the index of a database and keeps it current until disposed (use search-index-cache.ts to share one). */
export function createLocalSearchIndex(db: InboxDatabase): { index: LocalSearchIndex; dispose: () => void } {
  let corpus = createSearchCorpus();
  let ready = false;
  let version = 0;
  let disposed = false;
  let building = false;
  let dirty = emptyDirty();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  /** Which conversation each held message belongs to: a deleted message's row is gone. */
  let messageConversation = new Map<string, number>();

  const index: LocalSearchIndex = {
    get corpus() {
      return corpus;
    },
    get ready() {
      return ready;
    },
    get version() {
      return version;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  function changed(): void {
    version += 1;
    for (const listener of listeners) listener();
  }

  async function readThreads(target: SearchCorpus, ids: Iterable<number>): Promise<void> {
    for (const id of ids) {
      const messages = await db.messages.where('[conversation_id+timestamp_ts]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray();
      for (const message of messages) messageConversation.set(message.id, id);
      putThread(target, id, messages);
    }
  }

  async function build(): Promise<void> {
    const next = createSearchCorpus();
    const owners = new Map<string, number>();
    for (const contact of await db.contacts.toArray()) putContact(next, contact);
    for (const conversation of await db.conversations.toArray()) putConversation(next, conversation);
    const threads = new Map<number, LocalMessage[]>();
    let after: string | null = null;
    for (;;) {
      const page: LocalMessage[] = await (after === null ? db.messages.orderBy(':id') : db.messages.where(':id').above(after)).limit(PAGE).toArray();
      for (const message of page) {
        owners.set(message.id, message.conversation_id);
        const thread = threads.get(message.conversation_id);
        if (thread) thread.push(message);
        else threads.set(message.conversation_id, [message]);
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE || disposed) break;
      after = last.id;
      // Let the page paint between pages: the first build reads every message.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    for (const [id, messages] of threads) putThread(next, id, messages);
    indexCorpus(next);
    corpus = next;
    messageConversation = owners;
  }

  const hasWork = (work: Dirty) => work.all || TABLES.some((table) => work[table].size > 0);

  /** Reads back what the writes since the last call touched, or everything after a big write. */
  async function refresh(): Promise<void> {
    timer = null;
    if (building || disposed) return;
    building = true;
    try {
      const work = dirty;
      dirty = emptyDirty();
      if (work.all || !ready) {
        await build();
        ready = true;
      } else {
        await apply(work);
      }
      changed();
    } catch (error) {
      console.warn('Local search index:', error);
    } finally {
      building = false;
      // Writes that came during this pass wait for the next one.
      if (!disposed && timer === null && hasWork(dirty)) timer = setTimeout(() => void refresh(), dirty.all ? REBUILD_SETTLE_MS : SETTLE_MS);
    }
  }

  async function apply(work: Dirty): Promise<void> {
    const contactIds = [...work.contacts].filter((key): key is number => typeof key === 'number');
    const contacts = await db.contacts.bulkGet(contactIds);
    contactIds.forEach((id, i) => {
      const contact = contacts[i];
      if (contact) putContact(corpus, contact);
      else corpus.contacts.delete(id);
    });
    const threadIds = new Set<number>();
    const conversationIds = [...work.conversations].filter((key): key is number => typeof key === 'number');
    const conversations = await db.conversations.bulkGet(conversationIds);
    conversationIds.forEach((id, i) => {
      const conversation = conversations[i];
      if (!conversation) {
        removeConversation(corpus, id);
        return;
      }
      const known = corpus.conversations.has(id);
      putConversation(corpus, conversation);
      if (!known) threadIds.add(id);
    });
    const messageIds = [...work.messages].filter((key): key is string => typeof key === 'string');
    const messages = await db.messages.bulkGet(messageIds);
    messageIds.forEach((id, i) => {
      const owner = messages[i]?.conversation_id ?? messageConversation.get(id);
      if (owner !== undefined) threadIds.add(owner);
      if (!messages[i]) messageConversation.delete(id);
    });
    await readThreads(corpus, threadIds);
    if (corpus.changed.size > REINDEX_AFTER) indexCorpus(corpus);
  }

  function onMutated(parts: ObservabilitySet): void {
    let touched = false;
    for (const table of TABLES) {
      // The keys a write touched; a range (a clear, a bulk write) asks for a rebuild.
      const mutated = mutatedKeys(parts, db.name, table);
      if (!mutated) continue;
      touched = true;
      if (mutated.all) dirty.all = true;
      for (const key of mutated.keys) dirty[table].add(key);
    }
    if (!touched) return;
    // Big writes (Dexie reports 50 documents or more as "everything") come in runs, like a
    // bootstrap: rebuild once they stop rather than after each.
    if (dirty.all && timer !== null) clearTimeout(timer);
    if (dirty.all || timer === null) timer = setTimeout(() => void refresh(), dirty.all ? REBUILD_SETTLE_MS : SETTLE_MS);
  }

  Dexie.on('storagemutated', onMutated);
  void refresh();
  return {
    index,
    dispose: () => {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
      listeners.clear();
    },
  };
}
