import { domainToASCII } from 'node:url';

/** An address with its display name, as mail headers carry them. */
export type Mailbox = { address: string; name: string };

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The address in the one form the inbox stores and sends to: a dot-atom local part and an ASCII
 * (punycode) domain, lowercase. Anything else (quoted local parts, comments, several addresses,
 * CR/LF or other control characters, IP literals) is null: such a value is never written into
 * a header or an SMTP envelope, so nothing can be injected through it.
 */
export function normalizeAddress(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 254) return null;
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at > 64) return null;
  const local = trimmed.slice(0, at);
  if (!LOCAL_PART.test(local)) return null;
  const domain = domainToASCII(trimmed.slice(at + 1).toLowerCase());
  if (!DOMAIN.test(domain)) return null;
  return `${local.toLowerCase()}@${domain}`;
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** The text with every control character (C0, DEL, C1, line and paragraph separators) replaced. */
export function replaceControlCharacters(value: string, replacement: string): string {
  let result = '';
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    result += code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? replacement : character;
  }
  return result;
}

/** A display name fit for a contact and for a header: one line, no control characters, at most 100 characters. */
export function cleanDisplayName(name: string): string {
  return replaceControlCharacters(name, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .slice(0, 100);
}

/** A subject fit for a header: one line, no control characters, at most 300 characters. */
export function cleanSubject(subject: string): string {
  return replaceControlCharacters(subject, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/**
 * A Message-ID without its angle brackets, or null for one that is not a single printable token
 * (`left@right`): such ids are neither stored nor repeated in References.
 */
export function normalizeMessageId(value: string): string | null {
  const id = value.trim().replace(/^<|>$/g, '').trim();
  if (id.length < 3 || id.length > 250 || !/^[\x21-\x7e]+$/.test(id) || /[<>]/.test(id) || !id.includes('@')) return null;
  return id;
}
