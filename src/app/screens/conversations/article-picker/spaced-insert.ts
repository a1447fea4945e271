/**
 * The text to put at the caret so it reads as if typed there: a space after the word before it,
 * and one before a word that follows. Nothing at the start of a line, after a space or an opening
 * bracket or quote; nothing before a space or punctuation that closes a sentence. Text of several
 * lines (an article's text) goes in as it is.
 */
export function spacedInsert(text: string, before: string, after: string): string {
  if (text.includes('\n')) return text;
  const lead = before !== '' && !/[\s([{"'“‘]$/u.test(before) ? ' ' : '';
  const trail = after !== '' && !/^[\s.,;:!?)\]}"'”’]/u.test(after) ? ' ' : '';
  return `${lead}${text}${trail}`;
}
