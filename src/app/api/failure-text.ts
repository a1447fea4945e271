import { ERROR_TEXTS } from '../../protocol/error-texts';
import type { Failure } from './request-failure';

/**
 * What the user sees for a failed request (§8). `fields` marks every field named by an `errors`
 * object; `firstField` is the one that receives focus.
 */
export type FailureText = { message: string; fields: Record<string, string>; firstField: string | null };

const NO_FIELDS = {};

/** The §8 text of a failure, or null when nothing must be shown (a 401 ends the session silently). */
export function failureText(failure: Failure): FailureText | null {
  if (failure.kind === 'network') return plain(ERROR_TEXTS.offline);
  if (failure.kind === 'unexpected') return plain(ERROR_TEXTS.unexpected);
  if (failure.status === 401) return null;
  if (failure.status === 429) return plain(ERROR_TEXTS.rateLimited);
  const { body } = failure;
  if (isRecord(body)) {
    const fields = fieldMessages(body['errors']);
    const [first] = Object.entries(fields);
    if (first) return { message: fieldMessage(first[0], first[1]), fields, firstField: first[0] };
    const error = body['error'];
    if (typeof error === 'string' && error.trim() !== '') return plain(error);
  }
  if (typeof body === 'string' && isShowableText(body)) return plain(body.trim());
  return plain(ERROR_TEXTS.unexpected);
}

/**
 * §8's 'key: message' for the first field of an errors object; a message that is a sentence of
 * its own ("This domain is already taken: choose another.") names its field already and is
 * shown as it is.
 */
function fieldMessage(key: string, message: string): string {
  return /^[A-Z].*[.!?]$/.test(message) ? message : `${key}: ${message}`;
}

function plain(message: string): FailureText {
  return { message, fields: NO_FIELDS, firstField: null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldMessages(errors: unknown): Record<string, string> {
  if (!isRecord(errors)) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (typeof message === 'string') fields[key] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') fields[key] = message[0];
  }
  return fields;
}

/** A proxy's HTML error page or a huge dump is not a message for people. */
function isShowableText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.length <= 300 && !/^<|<\/?(html|body|head)\b/i.test(trimmed);
}
