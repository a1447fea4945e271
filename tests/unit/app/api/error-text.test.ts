import { describe, expect, it } from 'vitest';
import { failureText } from '../../../../src/app/api/failure-text';
import { ERROR_TEXTS } from '../../../../src/protocol/error-texts';

const http = (status: number, body: unknown) => ({ kind: 'http' as const, status, body });

describe('failure texts (§8)', () => {
  it('shows nothing for a 401: the session ends without an error', () => {
    expect(failureText(http(401, { error: 'Not signed in.' }))).toBeNull();
  });

  it('answers a 429 with the rate-limit text, whatever the body says', () => {
    expect(failureText(http(429, { error: 'slow down' }))?.message).toBe(ERROR_TEXTS.rateLimited);
  });

  it("shows the first key of an errors object as 'key: message' and marks every field", () => {
    const text = failureText(http(400, { errors: { domain: 'is already taken', email: 'is not a valid email address' } }));
    expect(text).toEqual({
      message: 'domain: is already taken',
      fields: { domain: 'is already taken', email: 'is not a valid email address' },
      firstField: 'domain',
    });
  });

  it('takes the first message when a field carries a list', () => {
    expect(failureText(http(400, { errors: { name: ['is required', 'is too short'] } }))?.message).toBe('name: is required');
  });

  it('shows an error string as it is', () => {
    expect(failureText(http(400, { error: 'Incorrect email or password.' }))).toEqual({
      message: 'Incorrect email or password.',
      fields: {},
      firstField: null,
    });
    expect(failureText(http(403, { error: 'You do not have permission to do this.' }))?.message).toBe(
      'You do not have permission to do this.',
    );
  });

  it('shows a field message that is a sentence of its own as it is, still marking the field', () => {
    const text = failureText(http(400, { errors: { domain: 'This domain is already taken: choose another.' } }));
    expect(text).toEqual({ message: 'This domain is already taken: choose another.', fields: { domain: 'This domain is already taken: choose another.' }, firstField: 'domain' });
  });

  it('prefers the errors object over an error string, and ignores an empty errors object', () => {
    expect(failureText(http(400, { error: 'Invalid', errors: { name: 'is required' } }))?.message).toBe('name: is required');
    expect(failureText(http(400, { error: 'Invalid', errors: {} }))?.message).toBe('Invalid');
  });

  it('shows a short plain-text body but never an HTML page', () => {
    expect(failureText(http(502, 'Upstream timed out\n'))?.message).toBe('Upstream timed out');
    expect(failureText(http(502, '<html><body><h1>502 Bad Gateway</h1></body></html>'))?.message).toBe(ERROR_TEXTS.unexpected);
    expect(failureText(http(500, '<!doctype html><title>x</title>'))?.message).toBe(ERROR_TEXTS.unexpected);
    expect(failureText(http(500, 'x'.repeat(400)))?.message).toBe(ERROR_TEXTS.unexpected);
  });

  it('falls back to the unexpected-error text', () => {
    expect(failureText(http(500, null))?.message).toBe(ERROR_TEXTS.unexpected);
    expect(failureText(http(500, { message: 'no error key' }))?.message).toBe(ERROR_TEXTS.unexpected);
    expect(failureText(http(500, ['a list']))?.message).toBe(ERROR_TEXTS.unexpected);
    expect(failureText({ kind: 'unexpected' })?.message).toBe(ERROR_TEXTS.unexpected);
  });

  it('says the user is offline when the request never reached the server', () => {
    expect(failureText({ kind: 'network' })?.message).toBe(ERROR_TEXTS.offline);
  });
});
