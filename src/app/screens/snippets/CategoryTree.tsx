import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import type { SnippetCategory } from '../../../protocol/documents';
import { childrenOf, flattenTree, keyboardMove, subtreeIds, type CategoryMove, type KeyboardMove } from '../../../protocol/snippets/category-tree';
import { IconButton } from '../../components/IconButton';

/** Which list the page shows: every snippet, those in no category, or one category's. */
export type LibraryFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'category'; id: string };

type CategoryTreeProps = {
  categories: SnippetCategory[];
  counts: ReadonlyMap<string, number>;
  filter: LibraryFilter;
  onFilter: (filter: LibraryFilter) => void;
  /** Null: read-only (no `snippet.*`). */
  edit: {
    onMove: (move: CategoryMove) => void;
    onRename: (category: SnippetCategory) => void;
    onAddInside: (category: SnippetCategory) => void;
    onDelete: (category: SnippetCategory) => void;
  } | null;
  /** The words of another tree drawn with this one (the knowledge base's collections). */
  labels?: TreeLabels;
};

export type TreeLabels = { nav: string; all: string; none: string; item: string; hint: string };

const SNIPPET_LABELS: TreeLabels = {
  nav: 'Snippet categories',
  all: 'All snippets',
  none: 'No category',
  item: 'category',
  hint: 'Drag a category, or focus it and press Alt+arrows, to move it.',
};

const KEY_MOVES: Record<string, KeyboardMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };

type Drop = { id: string; where: 'before' | 'inside' | 'after' };

/** Where a drop on a row lands: its top quarter before it, its bottom quarter after, else inside. */
function dropPlace(event: DragEvent<HTMLElement>, id: string): Drop {
  const box = event.currentTarget.getBoundingClientRect();
  const at = (event.clientY - box.top) / Math.max(1, box.height);
  return { id, where: at < 0.25 ? 'before' : at > 0.75 ? 'after' : 'inside' };
}

function dropMove(categories: SnippetCategory[], dragged: string, drop: Drop): CategoryMove | null {
  const target = categories.find((category) => category.id === drop.id);
  if (!target || subtreeIds(categories, dragged).has(drop.id)) return null;
  if (drop.where === 'inside') return { id: dragged, parent_id: target.id, position: childrenOf(categories, target.id).filter((c) => c.id !== dragged).length };
  const siblings = childrenOf(categories, target.parent_id).filter((category) => category.id !== dragged);
  const index = siblings.findIndex((category) => category.id === target.id);
  return { id: dragged, parent_id: target.parent_id, position: drop.where === 'before' ? index : index + 1 };
}

/**
 * The category tree: a click filters the list; with `snippet.*`, rows drag onto another (above,
 * inside, below) and Alt+arrows move the focused one (up, down, into the one above, out).
 */
export function CategoryTree({ categories, counts, filter, onFilter, edit, labels = SNIPPET_LABELS }: CategoryTreeProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // A row moved by keyboard is re-placed in the DOM, which drops its focus: give it back.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    list.current?.querySelector<HTMLButtonElement>(`[data-category-id="${CSS.escape(id)}"]`)?.focus();
  }, [categories]);
  const rows = flattenTree(categories);
  const selected = (candidate: LibraryFilter) =>
    candidate.kind === filter.kind && (candidate.kind !== 'category' || (filter.kind === 'category' && filter.id === candidate.id));

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, category: SnippetCategory) {
    const direction = KEY_MOVES[event.key];
    if (!edit || !event.altKey || !direction) return;
    event.preventDefault();
    const move = keyboardMove(categories, category.id, direction);
    if (!move) return;
    refocus.current = category.id;
    edit.onMove(move);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, id: string) {
    event.preventDefault();
    const move = dragged && edit ? dropMove(categories, dragged, dropPlace(event, id)) : null;
    if (move && edit) edit.onMove(move);
    setDragged(null);
    setDrop(null);
  }

  const fixed = (candidate: LibraryFilter, label: string, count: number) => (
    <li className="category-tree__row">
      <button type="button" className="category-tree__name" aria-current={selected(candidate) ? 'true' : undefined} onClick={() => onFilter(candidate)}>
        <span>{label}</span>
        <span className="category-tree__count">{count}</span>
      </button>
    </li>
  );

  return (
    <nav aria-label={labels.nav}>
      <ul className="category-tree" ref={list}>
        {fixed({ kind: 'all' }, labels.all, counts.get('all') ?? 0)}
        {fixed({ kind: 'none' }, labels.none, counts.get('none') ?? 0)}
        {rows.map(({ category, depth }) => (
          <li
            key={category.id}
            className="category-tree__row"
            data-testid="category-row"
            data-drop={drop?.id === category.id ? drop.where : undefined}
            style={{ paddingLeft: `${depth * 16}px` }}
            draggable={edit !== null}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', category.id);
              setDragged(category.id);
            }}
            onDragOver={(event) => {
              if (!dragged || dragged === category.id) return;
              event.preventDefault();
              setDrop(dropPlace(event, category.id));
            }}
            onDragLeave={() => setDrop(null)}
            onDrop={(event) => onDrop(event, category.id)}
            onDragEnd={() => {
              setDragged(null);
              setDrop(null);
            }}
          >
            <button
              type="button"
              className="category-tree__name"
              data-category-id={category.id}
              aria-current={selected({ kind: 'category', id: category.id }) ? 'true' : undefined}
              aria-keyshortcuts={edit ? 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight' : undefined}
              onClick={() => onFilter({ kind: 'category', id: category.id })}
              onKeyDown={(event) => onKeyDown(event, category)}
            >
              <span className="category-tree__label">{category.name}</span>
              <span className="category-tree__count">{counts.get(category.id) ?? 0}</span>
            </button>
            {edit && (
              <span className="category-tree__actions">
                <IconButton icon="plus" label={`Add a ${labels.item} inside ${category.name}`} onClick={() => edit.onAddInside(category)} />
                <IconButton icon="edit" label={`Rename ${category.name}`} onClick={() => edit.onRename(category)} />
                <IconButton icon="trash" label={`Delete ${category.name}`} onClick={() => edit.onDelete(category)} />
              </span>
            )}
          </li>
        ))}
      </ul>
      {edit && rows.length > 1 && <p className="category-tree__hint">{labels.hint}</p>}
    </nav>
  );
}
