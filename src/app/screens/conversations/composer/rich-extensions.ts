import { Extension } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

/** Shows an image of the editor from its URL (our attachments need the agent's token: a blob URL). */
export type ImageLoader = (src: string) => Promise<string>;

/**
 * An inline image of the reply: one of our uploaded files, named in the HTML by its URL, with its
 * name (alt), size and type kept beside it so a draft reopened elsewhere can still send it.
 */
function attachedImage(load: ImageLoader) {
  return Image.extend({
    addAttributes() {
      return { ...this.parent?.(), 'data-size': { default: null }, 'data-type': { default: null } };
    },
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
 * What an email reply may hold: paragraphs, bold, italic, underline, strike, links, lists,
 * quotes and images. No headings, code blocks or rules: mail clients show them unevenly, and a
 * support reply does not need them.
 */
export function richExtensions(options: { placeholder: string; load: ImageLoader; submit: () => void }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: false,
      codeBlock: false,
      code: false,
      horizontalRule: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
    }),
    attachedImage(options.load),
    Placeholder.configure({ placeholder: options.placeholder }),
    Extension.create({
      name: 'composerKeys',
      addKeyboardShortcuts() {
        return {
          'Mod-Enter': () => {
            options.submit();
            return true;
          },
          // Leaves the text for the shortcuts, as Escape does in every field (ProseMirror would select the parent node).
          Escape: () => {
            this.editor.view.dom.blur();
            return true;
          },
        };
      },
    }),
  ];
}
