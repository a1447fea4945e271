const KEY = 'client-session';

/** The per-browser id sent with every request (§7): generated once, then kept in localStorage. */
export function clientSessionId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  generate: () => string = () => crypto.randomUUID(),
): string {
  const stored = storage.getItem(KEY);
  if (stored) return stored;
  const id = generate();
  try {
    storage.setItem(KEY, id);
  } catch {
    // Storage can be full or blocked; an id for this page's lifetime is still better than none.
  }
  return id;
}
