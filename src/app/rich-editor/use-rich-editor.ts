import { useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import type { AnyExtension } from '@tiptap/core';
import type { EditorProps } from '@tiptap/pm/view';
import { useEffect, useRef, useState } from 'react';
import type { UploadedAttachment } from '../../protocol/api/channels';
import { withoutControlCharacters } from '../../protocol/api/text-fields';

export type RichEditorOptions = {
  /** Memoised: the editor is made again when they change. */
  extensions: AnyExtension[];
  /** The editor's HTML ('' when empty); a value the editor did not report replaces its text. */
  value: string;
  /** The editor's content for a value (a reply's draft may be plain text from before formatting). */
  contentOf?: (value: string) => string;
  onChange: (html: string) => void;
  /** The contenteditable's attributes: its role, label and classes. Read once, with the extensions. */
  attributes: Record<string, string>;
  /** The editor's own key and typing handlers. Read once, with the extensions. */
  editorProps?: Pick<EditorProps, 'handleKeyDown' | 'handleTextInput'>;
  /** Uploads a pasted, dropped or picked image; resolves to the stored file. */
  uploadImage: (file: File) => Promise<UploadedAttachment>;
  /** The image node's attributes for an uploaded file. */
  imageAttributes: (uploaded: UploadedAttachment) => Record<string, string>;
};

const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/;

/** The editor's HTML: '' when it holds nothing (no text, no image), so an empty text is dropped. */
function htmlOf(editor: Editor): string {
  const html = editor.getHTML();
  return editor.isEmpty && !html.includes('<img') ? '' : withoutControlCharacters(html, 'multi');
}

const asIs = (value: string) => value;

/**
 * What the reply editor and the article editor share (Tiptap, see docs/decisions.md): the editor
 * itself, its HTML kept in step with `value` both ways, and images pasted, dropped or picked,
 * uploaded and inserted. Answers the editor, how many images are uploading and `insertImages`
 * for a toolbar's picker.
 */
export function useRichEditor(options: RichEditorOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // The value this editor last reported: a different one came from elsewhere (another device, undo, a shared draft).
  const reported = useRef(options.value);
  const [uploads, setUploads] = useState(0);
  const { extensions, value } = options;

  const editor = useEditor(
    {
      extensions,
      content: (options.contentOf ?? asIs)(value),
      immediatelyRender: true,
      // Tiptap's base rules would come in a <style> element, which the content policy refuses
      // (style-src 'self'): they are in composer.css instead.
      injectCSS: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: options.attributes,
        handlePaste: (_view, event) => insertImages([...(event.clipboardData?.files ?? [])]),
        handleDrop: (_view, event) => insertImages([...(event.dataTransfer?.files ?? [])]),
        ...options.editorProps,
      },
      onUpdate: ({ editor: changed }) => {
        const html = htmlOf(changed);
        reported.current = html;
        latest.current.onChange(html);
      },
    },
    [extensions],
  );

  function insertImages(files: File[]): boolean {
    const images = files.filter((file) => IMAGE_TYPE.test(file.type));
    if (images.length === 0) return false;
    for (const file of images) {
      setUploads((count) => count + 1);
      latest.current
        .uploadImage(file)
        .then((uploaded) => {
          editor.chain().focus().insertContent({ type: 'image', attrs: latest.current.imageAttributes(uploaded) }).run();
        })
        // The screen shows why (a toast from uploadImage); the text stays as it was.
        .catch(() => undefined)
        .finally(() => setUploads((count) => count - 1));
    }
    return true;
  }

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.commands.setContent((latest.current.contentOf ?? asIs)(value), { emitUpdate: false });
  }, [editor, value]);

  return { editor, uploads, insertImages };
}
