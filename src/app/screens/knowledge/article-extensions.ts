import { mergeAttributes, Node } from '@tiptap/core';
import type { AnyExtension } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { TextSelection } from '@tiptap/pm/state';
import { baseStarterKit, uploadedImage } from '../../rich-editor/base-extensions';
import type { ImageLoader } from '../../rich-editor/base-extensions';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    callout: { toggleCallout: (tone?: CalloutTone) => ReturnType };
    simpleTable: { insertSimpleTable: (columns: number, rows: number) => ReturnType; addTableRow: () => ReturnType };
  }
}

/**
 * A plain table (rows of header or body cells holding paragraphs): enough to write, keep and
 * edit the tables of an article, without merged cells or column widths (the help center shows
 * them as the server stores them: table, tr, th, td).
 */
const cell = (name: string, tag: 'th' | 'td') =>
  Node.create({
    name,
    content: 'paragraph+',
    isolating: true,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
  });

const TableRow = Node.create({ name: 'tableRow', content: '(tableHeader | tableCell)+', parseHTML: () => [{ tag: 'tr' }], renderHTML: () => ['tr', 0] });

const SimpleTable = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
  addCommands() {
    const paragraph = { type: 'paragraph' };
    return {
      // The caret goes into the first header cell, ready for typing.
      insertSimpleTable:
        (columns: number, rows: number) =>
        ({ state, chain }) => {
          const from = state.selection.from;
          return chain()
            .insertContent({
              type: 'table',
              content: Array.from({ length: rows }, (_, row) => ({
                type: 'tableRow',
                content: Array.from({ length: columns }, () => ({ type: row === 0 ? 'tableHeader' : 'tableCell', content: [paragraph] })),
              })),
            })
            .command(({ tr }) => {
              let target = -1;
              tr.doc.nodesBetween(Math.max(0, from - 2), tr.doc.content.size, (node, pos) => {
                if (target < 0 && node.type.name === 'tableHeader') target = pos + 2;
                return target < 0;
              });
              if (target >= 0) tr.setSelection(TextSelection.create(tr.doc, target));
              return true;
            })
            .run();
        },
      addTableRow:
        () =>
        ({ state, dispatch }) => {
          const { $from } = state.selection;
          for (let depth = $from.depth; depth > 0; depth--) {
            const node = $from.node(depth);
            if (node.type.name !== 'tableRow') continue;
            const cellType = state.schema.nodes['tableCell'];
            const paragraphType = state.schema.nodes['paragraph'];
            const rowType = state.schema.nodes['tableRow'];
            if (!cellType || !paragraphType || !rowType) return false;
            const cells = Array.from({ length: node.childCount }, () => cellType.create(null, paragraphType.create()));
            if (dispatch) dispatch(state.tr.insert($from.after(depth), rowType.create(null, cells)));
            return true;
          }
          return false;
        },
    };
  },
});

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

/**
 * What an article holds (the server keeps the same, src/server/knowledge/article-html.ts):
 * headings (2 and 3), paragraphs, bold, italic, underline, strike, links, lists, quotes, inline
 * code and code blocks, rules, pictures, callouts and plain tables.
 */
export function articleExtensions(options: { placeholder: string; load: ImageLoader }): AnyExtension[] {
  return [
    baseStarterKit({ heading: { levels: [2, 3] } }),
    // Shown through the agent's token while editing; the public page serves it once published.
    uploadedImage(options.load),
    Callout,
    SimpleTable,
    TableRow,
    cell('tableHeader', 'th'),
    cell('tableCell', 'td'),
    Placeholder.configure({ placeholder: options.placeholder }),
  ];
}
