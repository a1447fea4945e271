/**
 * An agent's formatted reply as a tree of the few elements our editor writes (pure, given a
 * parsed body). Only these tags, no attribute but a checked link address and an image's source
 * and text: whatever else the stored HTML holds is read as its text. Rendered by React, so
 * nothing in it can run; received mail keeps its sandboxed frame.
 */
export type ReplyNode =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'element'; tag: ReplyTag; children: ReplyNode[] }
  | { kind: 'link'; href: string; children: ReplyNode[] }
  | { kind: 'image'; src: string; alt: string };

export const REPLY_TAGS = ['p', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'div', 'span'] as const;
export type ReplyTag = (typeof REPLY_TAGS)[number];

const LINK = /^(https?:|mailto:)/i;
const MAX_DEPTH = 40;

export function replyNodes(parent: Node, depth = 0): ReplyNode[] {
  const nodes: ReplyNode[] = [];
  for (const node of parent.childNodes) {
    if (node.nodeType === 3) {
      nodes.push({ kind: 'text', text: node.textContent ?? '' });
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (depth >= MAX_DEPTH) nodes.push({ kind: 'text', text: element.textContent ?? '' });
    else if (tag === 'br') nodes.push({ kind: 'break' });
    else if (tag === 'img') nodes.push({ kind: 'image', src: element.getAttribute('data-src') ?? element.getAttribute('src') ?? '', alt: element.getAttribute('alt') ?? '' });
    else if (tag === 'a') {
      const href = element.getAttribute('href')?.trim() ?? '';
      const children = replyNodes(element, depth + 1);
      nodes.push(LINK.test(href) ? { kind: 'link', href, children } : { kind: 'element', tag: 'span', children });
    } else if ((REPLY_TAGS as readonly string[]).includes(tag)) nodes.push({ kind: 'element', tag: tag as ReplyTag, children: replyNodes(element, depth + 1) });
    else nodes.push(...replyNodes(element, depth + 1));
  }
  return nodes;
}

/** The image sources of a tree, in order. */
export function replyImages(nodes: readonly ReplyNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'image' ? [node.src] : node.kind === 'element' || node.kind === 'link' ? replyImages(node.children) : []));
}
