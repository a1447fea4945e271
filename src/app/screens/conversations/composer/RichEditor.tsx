import { EditorContent } from '@tiptap/react';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { Ref } from 'react';
import type { UploadedAttachment } from '../../../../protocol/api/channels';
import type { ImageLoader } from '../../../rich-editor/base-extensions';
import { useRichEditor } from '../../../rich-editor/use-rich-editor';
import type { ComposerInput } from './Composer';
import type { SnippetField } from './snippet-field';
import { richExtensions } from './rich-extensions';
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

/**
 * The email reply's editor (Tiptap, see docs/decisions.md): bold, italic, links, lists, quotes
 * and images; a pasted or dropped screenshot is uploaded and shown inline. Loaded on demand
 * (React.lazy) so the inbox's first paint does not carry it.
 */
export default function RichEditor({ id, label, placeholder, value, onChange, onSubmit, uploadImage, loadImage, onUploading, inputRef, onTextInput, onKey }: RichEditorProps) {
  const latest = useRef({ onChange, onSubmit, loadImage, onUploading, onTextInput, onKey });
  useEffect(() => {
    latest.current = { onChange, onSubmit, loadImage, onUploading, onTextInput, onKey };
  });
  /** The text the agent just typed, for the update it makes (handleTextInput, onChange). */
  const typed = useRef<string | undefined>(undefined);

  const extensions = useMemo(
    () => richExtensions({ placeholder, load: (src) => latest.current.loadImage(src), submit: () => latest.current.onSubmit() }),
    [placeholder],
  );
  const { editor, uploads, insertImages } = useRichEditor({
    extensions,
    value,
    contentOf: editorContentOf,
    onChange: (draft) => {
      latest.current.onChange(draft);
      latest.current.onTextInput?.(typed.current);
      typed.current = undefined;
    },
    attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'composer__input rich-editor__content' },
    editorProps: {
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
    uploadImage,
    imageAttributes: (uploaded) => ({ src: uploaded.url, alt: uploaded.name, 'data-size': String(uploaded.size), 'data-type': uploaded.type }),
  });
  useEffect(() => latest.current.onUploading(uploads), [uploads]);

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
