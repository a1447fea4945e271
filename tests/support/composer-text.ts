import type { Locator } from 'playwright-core';

/**
 * The text in a composer field as the agent reads it: a textarea's value (chat replies, notes)
 * or the email editor's text (a contenteditable), its paragraphs one line apart.
 */
export function composerText(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    if (element instanceof HTMLTextAreaElement) return element.value;
    const paragraphs = [...element.querySelectorAll('p, li')].map((block) => block.textContent ?? '');
    return paragraphs.join('\n').trim();
  });
}
