import type { Generated, Selectable } from 'kysely';

export interface OrganizationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  is_premium: number;
  trial_ends_at: number | null;
  onboarding: string;
  hours: string | null;
  is_custom_data_enabled: number;
  /** The organization's last feed position taken (changes.org_seq); see write-transaction.ts. */
  feed_seq: Generated<number>;
  created_at: number;
}

/** An organization as the app reads it: its feed counter is the change feed's alone (change-feed.ts). */
export type OrganizationRow = Omit<Selectable<OrganizationsTable>, 'feed_seq'>;

declare module '../db/database' {
  interface Database {
    organizations: OrganizationsTable;
  }
}
