import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { UploadedAttachment } from '../../../protocol/api/channels';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/Icon';
import { articleExtensions, type ImageLoader } from './article-extensions';

export type ArticleRichEditorProps = {
  value: string;
  onChange: (html: string) => void;
  uploadImage: (file: File) => Promise<UploadedAttachment>;
  /** The public address of an uploaded picture (`/help/{org}/images/{id}`). */
  imageSrc: (uploaded: UploadedAttachment) => string;
  loadImage: ImageLoader;
};

function htmlOf(editor: Editor): string {
  return editor.isEmpty && !editor.getHTML().includes('<img') ? '' : withoutControlCharacters(editor.getHTML(), 'multi');
}

/**
 * The article editor (Tiptap, as the reply composer's; loaded on demand): headings, lists,
 * links, code, pictures (pasted, dropped or picked: uploaded like attachments) and callouts.
 */
export default function ArticleRichEditor({ value, onChange, uploadImage, imageSrc, loadImage }: ArticleRichEditorProps) {
  const latest = useRef({ onChange, uploadImage, imageSrc, loadImage });
  useEffect(() => {
    latest.current = { onChange, uploadImage, imageSrc, loadImage };
  });
  const reported = useRef(value);
  const [uploads, setUploads] = useState(0);
  const extensions = useMemo(() => articleExtensions({ placeholder: 'Write the article…', load: (src) => latest.current.loadImage(src) }), []);
  const editor = useEditor(
    {
      extensions,
      content: value,
      immediatelyRender: true,
      injectCSS: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Article', class: 'article-editor__content rich-editor__content' },
        handlePaste: (_view, event) => insertImages([...(event.clipboardData?.files ?? [])]),
        handleDrop: (_view, event) => insertImages([...(event.dataTransfer?.files ?? [])]),
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
    const images = files.filter((file) => /^image\/(png|jpeg|gif|webp)$/.test(file.type));
    if (images.length === 0) return false;
    for (const file of images) {
      setUploads((count) => count + 1);
      latest.current
        .uploadImage(file)
        .then((uploaded) => editor.chain().focus().insertContent({ type: 'image', attrs: { src: latest.current.imageSrc(uploaded), alt: uploaded.name } }).run())
        .catch(() => undefined)
        .finally(() => setUploads((count) => count - 1));
    }
    return true;
  }

  // A text from elsewhere (another device, a resolved conflict, a Markdown import) replaces the editor's.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rich-editor article-editor">
      <ArticleToolbar editor={editor} onPickImages={insertImages} uploading={uploads > 0} />
      <EditorContent editor={editor} />
    </div>
  );
}

function ArticleToolbar({ editor, onPickImages, uploading }: { editor: Editor; onPickImages: (files: File[]) => void; uploading: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      code: current.isActive('code'),
      codeBlock: current.isActive('codeBlock'),
      callout: current.isActive('callout'),
      table: current.isActive('table'),
      link: current.isActive('link'),
    }),
  });
  const picker = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  function link() {
    const current = String(editor.getAttributes('link')['href'] ?? '');
    const href = window.prompt('Link address (empty to remove the link)', current);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div className="rich-toolbar" role="toolbar" aria-label="Formatting">
      <Tool label="Heading H2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="Subheading H3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label="Link" pressed={state.link} onClick={link} icon="link" />
      <span className="rich-toolbar__gap" aria-hidden="true" />
      <Tool label="Bulleted list" pressed={state.bullets} onClick={() => chain().toggleBulletList().run()} icon="list" />
      <Tool label="Numbered list" pressed={state.numbers} onClick={() => chain().toggleOrderedList().run()} icon="listOrdered" />
      <Tool label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} icon="quote" />
      <Tool label="Code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <code>{'<>'}</code>
      </Tool>
      <Tool label="Code block" pressed={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <code>{'{ }'}</code>
      </Tool>
      <Tool label="Callout" pressed={state.callout} onClick={() => chain().toggleCallout('info').run()} icon="info" />
      <Tool label="Table" pressed={state.table} onClick={() => chain().insertSimpleTable(3, 3).run()}>
        <span aria-hidden="true">▦</span>
      </Tool>
      {state.table && (
        <Tool label="Add a row" pressed={false} onClick={() => chain().addTableRow().run()}>
          <span aria-hidden="true">+row</span>
        </Tool>
      )}
      <Tool label={uploading ? 'Uploading a picture…' : 'Picture'} pressed={false} onClick={() => picker.current?.click()} icon="image" />
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        multiple
        onChange={(event) => {
          onPickImages([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

function Tool({ label, pressed, onClick, icon, children }: { label: string; pressed: boolean; onClick: () => void; icon?: IconName; children?: ReactNode }) {
  return (
    <button type="button" className="rich-toolbar__button" aria-label={label} title={label} aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
      {icon ? <Icon name={icon} size={15} /> : children}
    </button>
  );
}
