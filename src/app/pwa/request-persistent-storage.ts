/**
 * Asks the browser to keep this origin's storage under pressure (docs/architecture.md, Client:
 * requested from a page, after sign-in). Browsers may decide silently; the answer changes nothing
 * here.
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = navigator.storage): Promise<void> {
  if (!storage?.persist || !storage.persisted) return;
  try {
    if (!(await storage.persisted())) await storage.persist();
  } catch {
    // Not offered in this context (e.g. some private modes); the app works without it.
  }
}
