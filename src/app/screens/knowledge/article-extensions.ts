import { mergeAttributes, Node } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

export type ImageLoader = (src: string) => Promise<string>;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    callout: { toggleCallout: (tone?: CalloutTone) => ReturnType };
  }
}

export type CalloutTone = 'info' | 'warning' | 'success';

/** A callout: `<div data-callout="info|warning|success">` around paragraphs (the help center colours it). */
const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'paragraph+',
  defining: true,
  addAttributes() {
    return { tone: { default: 'info', parseHTML: (element) => element.getAttribute('data-callout') ?? 'info', renderHTML: (attrs) => ({ 'data-callout': String(attrs['tone']) }) } };
  },
  parseHTML() {
    return [{ tag: 'div[data-callout]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { class: 'article-callout' }), 0];
  },
  addCommands() {
    return {
      toggleCallout:
        (tone: CalloutTone = 'info') =>
        ({ commands }) =>
          commands.toggleWrap(this.name, { tone }),
    };
  },
});

/** An uploaded picture, shown in the editor through the agent's token (the public page serves it once published). */
function articleImage(load: ImageLoader) {
  return Image.extend({
    addNodeView() {
      return ({ node }) => {
        const image = document.createElement('img');
        image.className = 'rich-editor__image';
        image.alt = typeof node.attrs['alt'] === 'string' ? node.attrs['alt'] : '';
        const src = typeof node.attrs['src'] === 'string' ? node.attrs['src'] : '';
        load(src).then(
          (shown) => (image.src = shown),
          () => image.classList.add('rich-editor__image--missing'),
        );
        return { dom: image };
      };
    },
  }).configure({ inline: false, allowBase64: false });
}

/**
 * What an article holds (the server keeps the same, src/server/knowledge/article-html.ts):
 * headings (2 and 3), paragraphs, bold, italic, underline, strike, links, lists, quotes, inline
 * code and code blocks, rules, pictures and callouts.
 */
export function articleExtensions(options: { placeholder: string; load: ImageLoader }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
    }),
    articleImage(options.load),
    Callout,
    Placeholder.configure({ placeholder: options.placeholder }),
  ];
}
