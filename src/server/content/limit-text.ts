/** Longest text stored as a message; the rest is cut, with a note. */
export const MAX_TEXT_CHARS = 200_000;

/** `text`, or its first MAX_TEXT_CHARS characters and a note saying the rest was cut. */
export function limitText(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  return `${text.slice(0, MAX_TEXT_CHARS)}\n\n[The rest of this message was cut: it is longer than ${MAX_TEXT_CHARS} characters.]`;
}
