import { isCollection, parseCollectionKey } from '../../protocol/collections';
import { newTempId, TEMP_ID_PREFIX } from '../../client-db/outbox-row';
import type { Target } from '../mutations/mutation-definition';

/**
 * The documents mutations apply to, as keys: `${col}:${id}` (OutboxRow.target_key, BaseCopy.key).
 * A mutation that creates a document (a reply, a note) gives it a temporary id `t-<uuid>`; rows
 * that refer to it (an edit, a delete, an undo) target the same temporary key until the server's
 * id is known.
 */
export type { Target };

export { newTempId, TEMP_ID_PREFIX };

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}

export function targetKey(target: Target): string {
  return `${target.col}:${target.id}`;
}

export function parseTargetKey(key: string): Target {
  const colon = key.indexOf(':');
  const col = key.slice(0, colon);
  if (colon < 0 || !isCollection(col)) throw new Error(`Not a target key: ${key}`);
  return { col, id: parseCollectionKey(col, key.slice(colon + 1)) };
}
