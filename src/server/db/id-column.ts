import type { Kysely } from 'kysely';
import type { DialectName } from './open-database';

export type Schema = Kysely<unknown>['schema'];

/** `create table` with an integer id primary key that the database assigns. */
export function idColumn(schema: Schema, table: string, dialect: DialectName) {
  return schema
    .createTable(table)
    .addColumn('id', 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    );
}
