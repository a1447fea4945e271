import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import type { UploadedAttachment } from '../../../../protocol/api/channels';
import { withoutControlCharacters } from '../../../../protocol/api/text-fields';
import type { ComposerInput } from './Composer';
import type { SnippetField } from './snippet-field';
import { richExtensions } from './rich-extensions';
import type { ImageLoader } from './rich-extensions';
import { editorContentOf, textToEditorHtml } from './rich-text';
import { RichToolbar } from './RichToolbar';

export type RichEditorProps = {
  id: string;
  label: string;
  placeholder: string;
  /** The draft: the editor's HTML, or plain text from before formatting ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  onSubmit: () => void;
  /** Uploads a pasted, dropped or picked image; resolves to the stored file. */
  uploadImage: (file: File) => Promise<UploadedAttachment>;
  loadImage: ImageLoader;
  /** How many images are uploading (Send waits for them). */
  onUploading: (count: number) => void;
  inputRef?: Ref<RichEditorHandle> | undefined;
  /** After each change of the text (the snippet picker watches a typed `#word`). */
  onTextInput?: ((typed?: string) => void) | undefined;
  /** A key, before the editor handles it: true when used (the snippet picker's arrows, Enter, Escape). */
  onKey?: ((event: KeyboardEvent) => boolean) | undefined;
};

/** The editor as the composer drives it: its focus, and the field the snippet picker inserts into. */
export type RichEditorHandle = ComposerInput & { field: SnippetField };

/** The editor's draft: '' when it holds nothing (no text, no image), so an empty draft is deleted. */
function draftOf(editor: Editor): string {
  const html = editor.getHTML();
  return editor.isEmpty && !html.includes('<img') ? '' : withoutControlCharacters(html, 'multi');
}

/**
 * The email reply's editor (Tiptap, see docs/decisions.md): bold, italic, links, lists, quotes
 * and images; a pasted or dropped screenshot is uploaded and shown inline. Loaded on demand
 * (React.lazy) so the inbox's first paint does not carry it.
 */
export default function RichEditor({ id, label, placeholder, value, onChange, onSubmit, uploadImage, loadImage, onUploading, inputRef, onTextInput, onKey }: RichEditorProps) {
  const latest = useRef({ onChange, onSubmit, uploadImage, loadImage, onUploading, onTextInput, onKey });
  useEffect(() => {
    latest.current = { onChange, onSubmit, uploadImage, loadImage, onUploading, onTextInput, onKey };
  });
  // The value this editor last reported: a different one came from elsewhere (another device, undo, a shared draft).
  const reported = useRef(value);
  const [uploads, setUploads] = useState(0);
  /** The text the agent just typed, for the update it makes (handleTextInput, onUpdate). */
  const typed = useRef<string | undefined>(undefined);
  useEffect(() => latest.current.onUploading(uploads), [uploads]);

  const extensions = useMemo(
    () => richExtensions({ placeholder, load: (src) => latest.current.loadImage(src), submit: () => latest.current.onSubmit() }),
    [placeholder],
  );
  const editor = useEditor(
    {
      extensions,
      content: editorContentOf(value),
      immediatelyRender: true,
      // Tiptap's base rules would come in a <style> element, which the content policy refuses
      // (style-src 'self'): they are in composer.css instead.
      injectCSS: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'composer__input rich-editor__content' },
        handlePaste: (_view, event) => insertImages([...(event.clipboardData?.files ?? [])]),
        handleDrop: (_view, event) => insertImages([...(event.dataTransfer?.files ?? [])]),
        handleKeyDown: (_view, event) => latest.current.onKey?.(event) ?? false,
        // Text typed (not pasted): the update it makes follows at once, in the same task.
        handleTextInput: (_view, _from, _to, text) => {
          typed.current = text;
          queueMicrotask(() => {
            typed.current = undefined;
          });
          return false;
        },
      },
      onUpdate: ({ editor: changed }) => {
        const draft = draftOf(changed);
        reported.current = draft;
        latest.current.onChange(draft);
        latest.current.onTextInput?.(typed.current);
        typed.current = undefined;
      },
    },
    [extensions],
  );

  function insertImages(files: File[]): boolean {
    const images = files.filter((file) => /^image\/(png|jpeg|gif|webp)$/.test(file.type));
    if (images.length === 0) return false;
    for (const file of images) {
      setUploads((count) => count + 1);
      latest.current
        .uploadImage(file)
        .then((uploaded) => {
          editor
            .chain()
            .focus()
            .insertContent({ type: 'image', attrs: { src: uploaded.url, alt: uploaded.name, 'data-size': String(uploaded.size), 'data-type': uploaded.type } })
            .run();
        })
        // The composer shows why (a toast from uploadImage); the text stays as it was.
        .catch(() => undefined)
        .finally(() => setUploads((count) => count - 1));
    }
    return true;
  }

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(editorContentOf(value), { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(
    inputRef,
    () => ({
      focus: () => editor.commands.focus('end'),
      field: {
        caret: () => {
          const { from, to, $from, $to } = editor.state.selection;
          const after = $to.parent.textBetween($to.parentOffset, $to.parent.content.size, '\n', '\ufffc');
          return { start: from, end: to, before: $from.parent.textBetween(0, $from.parentOffset, '\n', '\ufffc'), after };
        },
        insert: (text, range, replaceBefore) => {
          const lines = text.replace(/\n+$/, '');
          // One paragraph goes inline (its line breaks kept); several become paragraphs of their own.
          const html = /\n{2,}/.test(lines) ? textToEditorHtml(lines) : textToEditorHtml(lines).replace(/^<p>|<\/p>$/g, '');
          editor
            .chain()
            .focus()
            .insertContentAt({ from: Math.max(0, range.start - replaceBefore), to: range.end }, html)
            .run();
        },
      },
    }),
    [editor],
  );

  return (
    <div className="rich-editor">
      <RichToolbar editor={editor} onPickImages={(files) => insertImages(files)} uploading={uploads > 0} />
      <EditorContent editor={editor} />
    </div>
  );
}
