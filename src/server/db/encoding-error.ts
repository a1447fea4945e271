/**
 * Whether a driver error says the database cannot store a character of the text it was given:
 * PostgreSQL's character_not_in_repertoire (22021, `invalid byte sequence for encoding "UTF8":
 * 0x00`) and untranslatable_character (22P05, e.g. `\u0000` in JSON). Bad input, not a fault.
 */
export function isEncodingError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if ('code' in error && (error.code === '22021' || error.code === '22P05')) return true;
  return 'message' in error && typeof error.message === 'string' && error.message.startsWith('invalid byte sequence');
}
