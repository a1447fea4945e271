import { createElement, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Attachment } from '../../../../protocol/documents';
import { replyImages, replyNodes } from './formatted-reply';
import type { ReplyNode } from './formatted-reply';
import { useInlineImages } from './use-inline-images';

/**
 * A reply written in our editor, shown in the thread as the customer reads it: bold, italic,
 * links, lists, quotes and its own inline images (fetched with the agent's token). Light enough
 * for a thread of many replies (no frame per message).
 */
export function FormattedReply({ html, attachments }: { html: string; attachments: readonly Attachment[] }) {
  const nodes = useMemo(() => replyNodes(new DOMParser().parseFromString(html, 'text/html').body), [html]);
  const images = useMemo(() => replyImages(nodes), [nodes]);
  const loaded = useInlineImages(images, attachments);
  return <div className="entry__body formatted-reply">{render(nodes, loaded)}</div>;
}

function render(nodes: readonly ReplyNode[], images: ReadonlyMap<string, string>): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'image': {
        const shown = images.get(node.src) ?? (node.src.startsWith('data:image/') ? node.src : null);
        return shown ? <img key={index} className="formatted-reply__image" src={shown} alt={node.alt} /> : node.alt ? <span key={index}>[{node.alt}]</span> : null;
      }
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {render(node.children, images)}
          </a>
        );
      case 'element':
        return createElement(node.tag, { key: index }, ...render(node.children, images));
    }
  });
}
