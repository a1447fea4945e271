import { useLiveQuery } from 'dexie-react-hooks';
import type { Contact } from '../../../../protocol/documents';
import { useInboxDb } from '../../../sync/sync-context';

/** Suggestions shown under an address field. */
export const ADDRESS_SUGGESTIONS = 6;

/**
 * Contacts on this device whose address or name starts with what is typed (or has a word that
 * does), addresses first, leaving out those already chosen. Nothing before two characters.
 */
export function useAddressSuggestions(typed: string, chosen: readonly string[]): Contact[] {
  const db = useInboxDb();
  const query = typed.trim().toLowerCase();
  return (
    useLiveQuery(async () => {
      if (query.length < 2) return [];
      const byAddress = await db.contacts.where('email').startsWithIgnoreCase(query).limit(ADDRESS_SUGGESTIONS * 2).toArray();
      const byName =
        byAddress.length >= ADDRESS_SUGGESTIONS
          ? []
          : await db.contacts
              .filter((contact) => contact.email !== null && contact.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(query)))
              .limit(ADDRESS_SUGGESTIONS * 2)
              .toArray();
      const seen = new Set<string>();
      return [...byAddress, ...byName]
        .filter((contact) => {
          const email = contact.email?.toLowerCase() ?? '';
          if (email === '' || seen.has(email) || chosen.includes(email)) return false;
          seen.add(email);
          return true;
        })
        .slice(0, ADDRESS_SUGGESTIONS);
    }, [db, query, chosen.join(',')]) ?? []
  );
}
