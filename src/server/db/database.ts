import type { Generated, Kysely, Selectable } from 'kysely';

/**
 * The tables as SQL sees them, on both SQLite and PostgreSQL: times are epoch milliseconds
 * (bigint), flags are integers 0/1 (see sql-boolean.ts) and structured values are JSON text.
 * Here only the infrastructure's own; each domain adds its tables where it defines them
 * (`declare module '…/db/database'` in its `*-tables.ts`), so `Db` sees every table and db/
 * names no domain.
 */
export interface Database {
  changes: ChangesTable;
  mutations: MutationsTable;
  jobs: JobsTable;
}

export type Db = Kysely<Database>;

export const CHANGE_ACTIONS = ['insert', 'update', 'delete'] as const;

export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** The change feed: one row per document write, in commit order per organization. */
export interface ChangesTable {
  /** Internal key, one counter for every organization: never shown to a client (issue 34). */
  seq: Generated<number>;
  org_id: number;
  /** The row's position in its organization's feed: the cursor and version clients see. */
  org_seq: number;
  col: string;
  doc_id: string;
  action: ChangeAction;
  /** JSON of the document as written (its version is this org_seq); `{id}` for a delete. */
  doc: string;
  mutation_id: string | null;
  /** null: every agent of the organization; else only this agent. */
  audience: number | null;
  created_at: number;
}

/** The first answer to each idempotent mutation (client session id + mutation id). */
export interface MutationsTable {
  id: Generated<number>;
  org_id: number;
  session_id: string;
  mutation_id: string;
  status: 'applied' | 'failed';
  status_code: number;
  /** JSON of the answer's body; null for a bodiless answer (204). */
  result: string | null;
  created_at: number;
  /** The agent that sent it, and the SHA-256 of its request; null on rows stored before either was kept. */
  agent_id: number | null;
  fingerprint: string | null;
}

/** Durable background work (transactional outbox), claimed with a lease. */
export interface JobsTable {
  id: Generated<number>;
  org_id: number;
  kind: string;
  ref: string;
  run_at: number;
  locked_until: number | null;
  attempts: number;
  done_at: number | null;
  cancelled_at: number | null;
  last_error: string | null;
  created_at: number;
}

export type ChangeRow = Selectable<ChangesTable>;
export type MutationRow = Selectable<MutationsTable>;
export type JobRow = Selectable<JobsTable>;
