import type { Selectable } from 'kysely';

/** An organization's connected integration (Stripe): its secrets sealed (integrations/secret-box.ts). */
export interface IntegrationsTable {
  org_id: number;
  name: string;
  api_key: string;
  webhook_secret: string | null;
  /** What the page shows of the key: its kind and last four characters (`rk_live_…abcd`). */
  key_hint: string;
  connected_by: number | null;
  connected_at: number;
  /** The text of the last failed call to the service, cleared by the next success. */
  last_error: string | null;
}

export type IntegrationRow = Selectable<IntegrationsTable>;

declare module '../db/database' {
  interface Database {
    integrations: IntegrationsTable;
  }
}
