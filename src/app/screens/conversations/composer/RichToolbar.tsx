import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ImageTool } from '../../../rich-editor/ImageTool';
import { ToolButton } from '../../../rich-editor/ToolButton';

type ToolbarProps = { editor: Editor; onPickImages: (files: File[]) => void; uploading: boolean };

/** The formatting bar of the email editor: each button says its state (aria-pressed). */
export function RichToolbar({ editor, onPickImages, uploading }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      href: String(current.getAttributes('link')['href'] ?? ''),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();

  return (
    <div className="rich-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" shortcut="Ctrl+B" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="Italic" shortcut="Ctrl+I" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="Link" pressed={state.link || linking} onClick={() => setLinking((open) => !open)} icon="link" />
      <span className="rich-toolbar__gap" aria-hidden="true" />
      <ToolButton label="Bulleted list" pressed={state.bullets} onClick={() => chain().toggleBulletList().run()} icon="list" />
      <ToolButton label="Numbered list" pressed={state.numbers} onClick={() => chain().toggleOrderedList().run()} icon="listOrdered" />
      <ToolButton label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} icon="quote" />
      <ImageTool label={uploading ? 'Uploading image…' : 'Insert image'} pressed={null} onPickImages={onPickImages} />
      {linking && (
        <LinkForm
          initial={state.href}
          onApply={(href) => {
            if (href === '') chain().extendMarkRange('link').unsetLink().run();
            else if (editor.state.selection.empty && !state.link) chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            else chain().extendMarkRange('link').setLink({ href }).run();
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

/** The address of a link: applied to the selected text, or inserted as its own text. */
function LinkForm({ initial, onApply, onCancel }: { initial: string; onApply: (href: string) => void; onCancel: () => void }) {
  const [href, setHref] = useState(initial);
  const clean = href.trim();
  const valid = clean === '' || /^(https?:\/\/|mailto:)\S+$/i.test(clean) || /^[\w.-]+\.[a-z]{2,}(\/\S*)?$/i.test(clean);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    onApply(clean === '' || /^(https?:|mailto:)/i.test(clean) ? clean : `https://${clean}`);
  }
  return (
    // A form inside the composer's form is not allowed: a div that submits on Enter.
    <div className="rich-toolbar__link" role="group" aria-label="Link">
      <input
        className="input rich-toolbar__link-input"
        aria-label="Link address"
        placeholder="https://…"
        value={href}
        autoFocus
        aria-invalid={!valid || undefined}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <button type="button" className="btn btn--secondary btn--small" disabled={!valid} onClick={submit}>
        {clean === '' && initial !== '' ? 'Remove link' : 'Apply'}
      </button>
    </div>
  );
}
