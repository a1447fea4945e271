import type { Generated, Selectable } from 'kysely';

/**
 * Documents of the sync engine carry `version`: the org_seq of the change-feed row that wrote them
 * last (see realtime/write-transaction.ts).
 */
export interface ContactsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  email: string | null;
  avatar: string | null;
  is_trusted: number;
  company: string | null;
  /** 1 while the contact is on blocked_contacts (kept in step in the same transaction). */
  is_blocked: Generated<number>;
  created_at: number;
  version: number;
  /** The cached billing view (JSON ContactFinancials), refreshed from Stripe; null until first read. */
  financials: string | null;
  subscription_status: string | null;
  subscription_start: number | null;
  /** JSON object of custom data values by field key (custom-data/), or null. */
  custom_data: string | null;
}

export type ContactRow = Selectable<ContactsTable>;

declare module '../db/database' {
  interface Database {
    contacts: ContactsTable;
  }
}
