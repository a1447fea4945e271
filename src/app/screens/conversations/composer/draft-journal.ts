/**
 * The tab's own, synchronous copy of a draft change until IndexedDB has it. A change travels to
 * the worker and is written there a moment later; a reload or a crash in that moment would lose
 * the last keystrokes. localStorage is written before the call returns, so the composer finds
 * the text again when it opens. An entry goes as soon as the stored draft says the same.
 */
export type JournalEntry = { text: string; at: number };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (slug: string, draftId: string) => `draft:${slug}:${draftId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readJournal(slug: string, draftId: string, store: Storage | null = storage()): JournalEntry | null {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(keyOf(slug, draftId)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { text, at } = parsed as Record<string, unknown>;
    return typeof text === 'string' && typeof at === 'number' ? { text, at } : null;
  } catch {
    return null;
  }
}

export function writeJournal(slug: string, draftId: string, entry: JournalEntry, store: Storage | null = storage()): void {
  try {
    store?.setItem(keyOf(slug, draftId), JSON.stringify(entry));
  } catch {
    // Full or unavailable: the worker's copy still follows a moment later.
  }
}

export function clearJournal(slug: string, draftId: string, store: Storage | null = storage()): void {
  try {
    store?.removeItem(keyOf(slug, draftId));
  } catch {
    // Nothing to do: a stale entry only wins over an older stored draft.
  }
}

/**
 * The journal's text when it is what the composer must show: it differs from the stored draft
 * and was written after the stored draft last changed (so a newer text from another device is
 * never replaced by an old unsaved one). Pure.
 */
export function journalToRestore(entry: JournalEntry | null, stored: { message: string; updated_at: number } | undefined): string | null {
  if (!entry || entry.text === (stored?.message ?? '')) return null;
  return entry.at > (stored?.updated_at ?? 0) ? entry.text : null;
}
