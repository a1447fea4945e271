/** Whether a driver error says a stored text did not parse as JSON (SQLite's json(), PostgreSQL's ::jsonb). */
export function isMalformedJson(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  if (error.code === 'SQLITE_ERROR') return error.message === 'malformed JSON';
  return error.code === '22P02' && error.message.includes('type json');
}
