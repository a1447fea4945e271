import { Extension } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { baseStarterKit, uploadedImage } from '../../../rich-editor/base-extensions';
import type { ImageLoader } from '../../../rich-editor/base-extensions';

/**
 * What an email reply may hold: paragraphs, bold, italic, underline, strike, links, lists,
 * quotes and images. No headings, code blocks or rules: mail clients show them unevenly, and a
 * support reply does not need them.
 */
export function richExtensions(options: { placeholder: string; load: ImageLoader; submit: () => void }): AnyExtension[] {
  return [
    baseStarterKit({ heading: false, codeBlock: false, code: false, horizontalRule: false }),
    // A draft reopened elsewhere can still send its images: each keeps its size and type.
    uploadedImage(options.load, ['data-size', 'data-type']),
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
