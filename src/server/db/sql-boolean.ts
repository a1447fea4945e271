/** Flags are stored as integers 0/1 on both SQLite and PostgreSQL; these are the only converters. */
export function toSqlBoolean(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function fromSqlBoolean(value: number): boolean {
  return value !== 0;
}

export function toSqlNullableBoolean(value: boolean | null): 0 | 1 | null {
  return value === null ? null : toSqlBoolean(value);
}

export function fromSqlNullableBoolean(value: number | null): boolean | null {
  return value === null ? null : fromSqlBoolean(value);
}
