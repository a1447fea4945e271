import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import type { StarterKitOptions } from '@tiptap/starter-kit';

/** Shows an image of the editor from its URL (our uploads need the agent's token: a blob URL). */
export type ImageLoader = (src: string) => Promise<string>;

/**
 * The editors' StarterKit with links as both want them: added as typed (autolink), not followed
 * on a click in the text (the agent is editing it), http(s) or mailto.
 */
export function baseStarterKit(options: Partial<StarterKitOptions>) {
  return StarterKit.configure({
    ...options,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
  });
}

/**
 * An uploaded image, a block of its own, shown through `load` (never as base64 in the HTML).
 * `kept` names further attributes the HTML carries for it (a reply keeps each image's size and type).
 */
export function uploadedImage(load: ImageLoader, kept: readonly string[] = []) {
  return Image.extend({
    addAttributes() {
      return { ...this.parent?.(), ...Object.fromEntries(kept.map((name) => [name, { default: null }])) };
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
