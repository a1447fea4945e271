import type { HtmlLimits } from './html-complexity';

/**
 * Customer HTML the inbox displays. Beyond these it shows the text instead: the sanitiser's
 * time grows with elements (and, in its parser, with the square of the nesting), and a real
 * email, a long quoted thread included, stays far below both.
 */
export const HTML_LIMITS = {
  maxDepth: 200,
  maxElements: 25_000,
  /** Longest sanitised HTML stored. */
  maxHtmlChars: 1024 * 1024,
} as const satisfies HtmlLimits & Record<string, number>;

/** What the agent reads above the text when the HTML is not shown (the first line of the message). */
export const HTML_NOTICES = {
  depth: `[This email's formatting was too complex to display (elements nested more than ${HTML_LIMITS.maxDepth} deep); showing its text.]`,
  elements: `[This email's formatting was too complex to display (more than ${HTML_LIMITS.maxElements.toLocaleString('en-US')} elements); showing its text.]`,
  size: `[This email's formatting was too large to display; showing its text.]`,
  timeout: `[This email's formatting took too long to process; showing its text.]`,
} as const;
