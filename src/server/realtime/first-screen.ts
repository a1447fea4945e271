import type { Selectable } from 'kysely';
import type { Database, Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import type { BootstrapFrame, SentSoFar } from './organization-documents';

/** Who asks, and which conversation its address names (the `open` hint of /stream). */
export type FirstScreenReader = { db: Db; dialect: DialectName; orgId: number; agent: Selectable<Database['agents']>; open: number | null };

/** A domain's part of the first screen; it marks what it sent in `sent`. */
export type FirstScreenPart = (reader: FirstScreenReader, sent: SentSoFar) => AsyncGenerator<BootstrapFrame>;

/**
 * What the agent's first screen needs, before anything else of a bootstrap: the domains' parts in
 * the order of server-modules.ts (the tags a row names, then the default inbox's first page, the
 * counts and the open conversation, each followed by PAINT). Marks what it sent in `sent`, so the
 * rest of the bootstrap does not send it twice.
 */
export async function* firstScreen(parts: readonly FirstScreenPart[], reader: FirstScreenReader, sent: SentSoFar): AsyncGenerator<BootstrapFrame> {
  for (const part of parts) yield* part(reader, sent);
}
