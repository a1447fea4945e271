import { z } from 'zod';

/**
 * Text as the API accepts it: no lone surrogate, no C0 control character (U+0000–U+001F) and no DEL, except tab in
 * any text and line breaks (LF, CR) in text that has lines. PostgreSQL cannot store NUL at all
 * (`invalid byte sequence for encoding "UTF8": 0x00`, a 500 before this rule) and the other
 * controls are never typed: they only arrive to confuse a log, a terminal or a mail header.
 */
export const CONTROL_CHARACTERS_ERROR = 'must not contain control characters';

export type TextLines = 'single' | 'multi';

const FORBIDDEN: Record<TextLines, RegExp> = {
  // eslint-disable-next-line no-control-regex
  single: /[\u0000-\u0008\u000a-\u001f\u007f]/,
  // eslint-disable-next-line no-control-regex
  multi: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/,
};

/** Whether the text holds a control character that text of this kind does not allow. */
export function hasControlCharacters(value: string, lines: TextLines): boolean {
  return FORBIDDEN[lines].test(value);
}

/**
 * A UTF-16 surrogate without its other half (`"\ud800"` in JSON) is no character at all: UTF-8
 * cannot carry it, so it turns into U+FFFD in a database and makes `encodeURIComponent` throw
 * (a refund's reason sent to Stripe answered 500).
 */
export const LONE_SURROGATE_ERROR = 'must not contain a lone surrogate (half of a character)';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the text holds half of a surrogate pair, which no character encoding can carry. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

function textField(lines: TextLines, required: string) {
  return z
    .string({ error: required })
    .refine((value) => !hasControlCharacters(value, lines), { error: CONTROL_CHARACTERS_ERROR })
    .refine((value) => !hasLoneSurrogate(value), { error: LONE_SURROGATE_ERROR });
}

/**
 * The text without the control characters it may not hold: what an editor keeps of a paste from
 * a word processor (its vertical tab and form feed become line breaks in multi-line text).
 */
export function withoutControlCharacters(value: string, lines: TextLines): string {
  // eslint-disable-next-line no-control-regex
  const breaks = lines === 'multi' ? value.replace(/[\u000b\u000c]/g, '\n') : value;
  return breaks.replace(new RegExp(FORBIDDEN[lines].source, 'g'), '');
}

/** A name, a tag, a search, a file name: one line, tab allowed. Chain trim/min/max after it. */
export const singleLineText = (required = 'is required') => textField('single', required);

/** A note, a reply, a draft, a greeting: tab, LF and CR allowed. Chain trim/min/max after it. */
export const multiLineText = (required = 'is required') => textField('multi', required);

/**
 * The path (`a.b.0`) of a string in a parsed JSON value, query or params object that holds a
 * control character not even multi-line text allows (`body` for the value itself or for a key),
 * or null. The server's last guard: a field whose schema forgot its text builder still cannot
 * carry a NUL to the database. Iterative and linear, so no body can exhaust the stack or stall.
 */
export function controlCharacterPath(value: unknown): string | null {
  type Entry = { key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry): string => {
    const keys: string[] = [];
    for (let at: Entry | null = entry; at?.key != null; at = at.parent) keys.push(at.key);
    return keys.length ? keys.reverse().join('.') : 'body';
  };
  if (typeof value === 'string') return hasControlCharacters(value, 'multi') ? 'body' : null;
  const stack: { value: unknown; entry: Entry }[] = [{ value, entry: { key: null, parent: null } }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const container = next.value;
    if (typeof container !== 'object' || container === null) continue;
    const keys = Array.isArray(container) ? null : Object.keys(container);
    const count = keys ? keys.length : (container as unknown[]).length;
    for (let index = 0; index < count; index++) {
      const key = keys ? (keys[index] ?? '') : String(index);
      if (keys && hasControlCharacters(key, 'multi')) return pathOf(next.entry);
      const item: unknown = (container as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (hasControlCharacters(item, 'multi')) return pathOf({ key, parent: next.entry });
      } else if (typeof item === 'object' && item !== null) {
        stack.push({ value: item, entry: { key, parent: next.entry } });
      }
    }
  }
  return null;
}

/**
 * Whether JSON text may hold a control character in a string or key: JSON allows C0 controls
 * only as escapes (`\u0000`, `\b`, `\f`, …) and DEL also as itself, so text with neither needs
 * no walk through its value.
 */
export function jsonMayHoldControlCharacters(text: string): boolean {
  return /\\(?:u00[01][0-9a-fA-F]|u007[fF]|[bf])|\u007f/.test(text);
}
