import type { Page } from 'playwright-core';

/** Every record of one store of this browser's inbox database (IndexedDB), as stored. */
export async function localRecords(page: Page, slug: string, store: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    async ({ name, storeName }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('IndexedDB did not open'));
      });
      try {
        return await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
          request.onerror = () => reject(new Error(`The ${storeName} store could not be read`));
        });
      } finally {
        db.close();
      }
    },
    { name: `inbox-${slug}`, storeName: store },
  );
}
