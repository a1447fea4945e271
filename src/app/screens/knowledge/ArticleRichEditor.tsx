import { EditorContent, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef } from 'react';
import type { UploadedAttachment } from '../../../protocol/api/channels';
import type { ImageLoader } from '../../rich-editor/base-extensions';
import { ImageTool } from '../../rich-editor/ImageTool';
import { ToolButton } from '../../rich-editor/ToolButton';
import { useRichEditor } from '../../rich-editor/use-rich-editor';
import { articleExtensions } from './article-extensions';

export type ArticleRichEditorProps = {
  value: string;
  onChange: (html: string) => void;
  uploadImage: (file: File) => Promise<UploadedAttachment>;
  /** The public address of an uploaded picture (`/help/{org}/images/{id}`). */
  imageSrc: (uploaded: UploadedAttachment) => string;
  loadImage: ImageLoader;
};

/**
 * The article editor (Tiptap, as the reply composer's; loaded on demand): headings, lists,
 * links, code, pictures (pasted, dropped or picked: uploaded like attachments) and callouts.
 */
export default function ArticleRichEditor({ value, onChange, uploadImage, imageSrc, loadImage }: ArticleRichEditorProps) {
  const latestLoad = useRef(loadImage);
  useEffect(() => {
    latestLoad.current = loadImage;
  });
  const extensions = useMemo(() => articleExtensions({ placeholder: 'Write the article…', load: (src) => latestLoad.current(src) }), []);
  const { editor, uploads, insertImages } = useRichEditor({
    extensions,
    value,
    onChange,
    attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Article', class: 'article-editor__content rich-editor__content' },
    uploadImage,
    imageAttributes: (uploaded) => ({ src: imageSrc(uploaded), alt: uploaded.name }),
  });

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
      <ToolButton label="Heading H2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="Subheading H3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="Link" pressed={state.link} onClick={link} icon="link" />
      <span className="rich-toolbar__gap" aria-hidden="true" />
      <ToolButton label="Bulleted list" pressed={state.bullets} onClick={() => chain().toggleBulletList().run()} icon="list" />
      <ToolButton label="Numbered list" pressed={state.numbers} onClick={() => chain().toggleOrderedList().run()} icon="listOrdered" />
      <ToolButton label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} icon="quote" />
      <ToolButton label="Code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <code>{'<>'}</code>
      </ToolButton>
      <ToolButton label="Code block" pressed={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <code>{'{ }'}</code>
      </ToolButton>
      <ToolButton label="Callout" pressed={state.callout} onClick={() => chain().toggleCallout('info').run()} icon="info" />
      <ToolButton label="Table" pressed={state.table} onClick={() => chain().insertSimpleTable(3, 3).run()}>
        <span aria-hidden="true">▦</span>
      </ToolButton>
      {state.table && (
        <ToolButton label="Add a row" pressed={false} onClick={() => chain().addTableRow().run()}>
          <span aria-hidden="true">+row</span>
        </ToolButton>
      )}
      <ImageTool label={uploading ? 'Uploading a picture…' : 'Picture'} pressed={false} onPickImages={onPickImages} />
    </div>
  );
}
