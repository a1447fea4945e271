import { describe, expect, it } from 'vitest';
import { sanitizeNext } from '../../../src/protocol/next-path';

describe('next after login leads only to a same-origin path', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(sanitizeNext('/acme/team')).toBe('/acme/team');
    expect(sanitizeNext('/acme/conversations?inbox=all#top')).toBe('/acme/conversations?inbox=all#top');
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/acme/team'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/acme\\..\\\\evil.example'],
    ['absolute http', 'http://evil.example/'],
    ['absolute https', 'https://evil.example/acme'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['relative', 'acme/team'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['fully encoded', '%2F%2Fevil.example'],
    ['double encoded', '/%252F%252Fevil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/%0A/evil.example'],
    ['malformed encoding', '/%E0%A4%A'],
  ])('refuses %s', (_name, next) => {
    expect(sanitizeNext(next)).toBeNull();
  });

  it('refuses nothing given', () => {
    expect(sanitizeNext(null)).toBeNull();
    expect(sanitizeNext(undefined)).toBeNull();
    expect(sanitizeNext('')).toBeNull();
  });
});
