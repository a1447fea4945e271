import { scanHtml } from './scan-html';

/** How complex an HTML document may be before the inbox shows its text instead. */
export type HtmlLimits = {
  /** Elements inside each other. */
  maxDepth: number;
  /** Elements in all. */
  maxElements: number;
};

export type HtmlComplexity = {
  /** Counted up to the first limit passed (the scan stops there). */
  elements: number;
  depth: number;
  /** The first limit passed, or null when the document is within both. */
  over: 'depth' | 'elements' | null;
};

/**
 * Counts the elements and the deepest nesting of `html` in one linear pass (scan-html.ts), and
 * stops at the first limit passed, so even a document of millions of elements costs a few
 * milliseconds: the check that runs before any parser that could take longer.
 */
export function measureHtml(html: string, limits: HtmlLimits): HtmlComplexity {
  let elements = 0;
  let depth = 0;
  let over: HtmlComplexity['over'] = null;
  scanHtml(html, {
    open(_name, elementDepth) {
      elements += 1;
      depth = Math.max(depth, elementDepth);
      if (depth > limits.maxDepth) over = 'depth';
      else if (elements > limits.maxElements) over = 'elements';
      return over === null;
    },
  });
  return { elements, depth, over };
}
