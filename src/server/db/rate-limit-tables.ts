import type { Schema } from './id-column';

/**
 * Migration 0008: rate-limit counters (auth/rate-limit-store.ts), shared by every instance. One
 * row per limit and key: the count of its current window and when that window ends. Rows of
 * ended windows are deleted as the store goes.
 */
export async function createRateLimitTables(schema: Schema): Promise<void> {
  await schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await schema.createIndex('rate_limits_window_ends_index').on('rate_limits').column('window_ends_at').execute();
}
