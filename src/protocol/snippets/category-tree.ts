/**
 * The snippet categories as a tree (§3 Snippet category: id, name, sort, parent_id), pure: the
 * server validates and applies a move with it, the worker predicts one, the screen draws it.
 * Siblings are ordered by `sort`, then name, then id, so equal sorts never reorder by chance.
 */
export type CategoryNode = { id: string; name: string; parent_id: string | null; sort: number };

export const CATEGORY_TREE_ERRORS = {
  cycle: 'cannot be the category itself or one inside it',
  position: (count: number) => `must be between 0 and ${count}`,
  parent: 'is not a category',
} as const;

function compareSiblings(a: CategoryNode, b: CategoryNode): number {
  return a.sort - b.sort || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The categories directly under `parentId` (null: the top level), in order. */
export function childrenOf<C extends CategoryNode>(categories: readonly C[], parentId: string | null): C[] {
  return categories.filter((category) => category.parent_id === parentId).sort(compareSiblings);
}

/** `id` and every category inside it, at any depth. */
export function subtreeIds(categories: readonly CategoryNode[], id: string): Set<string> {
  const inside = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id !== null && inside.has(category.parent_id) && !inside.has(category.id)) {
        inside.add(category.id);
        grew = true;
      }
    }
  }
  return inside;
}

export type TreeRow<C extends CategoryNode> = { category: C; depth: number };

/**
 * The tree depth first, as the screen lists it. A category whose parent is missing (deleted on
 * another device while this one still holds it) is shown at the top level rather than lost.
 */
export function flattenTree<C extends CategoryNode>(categories: readonly C[]): TreeRow<C>[] {
  const ids = new Set(categories.map((category) => category.id));
  const parentOf = (category: C) => (category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null);
  const rows: TreeRow<C>[] = [];
  const seen = new Set<string>();
  const visit = (parentId: string | null, depth: number) => {
    for (const category of categories.filter((item) => parentOf(item) === parentId).sort(compareSiblings)) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      rows.push({ category, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

export type CategoryMove = { id: string; parent_id: string | null; position: number };
export type MoveResult = { ok: true; sorts: { id: string; parent_id: string | null; sort: number }[] } | { ok: false; field: 'parent_id' | 'position'; error: string };

/**
 * Moves a category to `position` (0-based) among the children of `parent_id`, the others keeping
 * their order. Refused: a parent that is the category or inside it (a cycle), an unknown parent,
 * a position past the end. The result is every category whose parent or sort changes, with the
 * new values: the new siblings and the old ones numbered 0, 1, 2… in order.
 */
export function moveCategory(categories: readonly CategoryNode[], move: CategoryMove): MoveResult {
  const moving = categories.find((category) => category.id === move.id);
  if (!moving) return { ok: false, field: 'parent_id', error: CATEGORY_TREE_ERRORS.parent };
  if (move.parent_id !== null) {
    if (!categories.some((category) => category.id === move.parent_id)) return { ok: false, field: 'parent_id', error: CATEGORY_TREE_ERRORS.parent };
    if (subtreeIds(categories, move.id).has(move.parent_id)) return { ok: false, field: 'parent_id', error: CATEGORY_TREE_ERRORS.cycle };
  }
  const siblings = childrenOf(categories, move.parent_id).filter((category) => category.id !== move.id);
  if (!Number.isInteger(move.position) || move.position < 0 || move.position > siblings.length) {
    return { ok: false, field: 'position', error: CATEGORY_TREE_ERRORS.position(siblings.length) };
  }
  const order = [...siblings.slice(0, move.position), moving, ...siblings.slice(move.position)];
  const next = new Map<string, { parent_id: string | null; sort: number }>();
  order.forEach((category, sort) => next.set(category.id, { parent_id: move.parent_id, sort }));
  if (moving.parent_id !== move.parent_id) {
    childrenOf(categories, moving.parent_id)
      .filter((category) => category.id !== move.id)
      .forEach((category, sort) => next.set(category.id, { parent_id: category.parent_id, sort }));
  }
  const sorts = categories.flatMap((category) => {
    const change = next.get(category.id);
    return change && (change.parent_id !== category.parent_id || change.sort !== category.sort) ? [{ id: category.id, ...change }] : [];
  });
  return { ok: true, sorts };
}

/** Applies a move's result to a list (the worker's prediction, the tests). */
export function withMove<C extends CategoryNode>(categories: readonly C[], result: MoveResult): C[] {
  if (!result.ok) return [...categories];
  const changes = new Map(result.sorts.map((sort) => [sort.id, sort]));
  return categories.map((category) => {
    const change = changes.get(category.id);
    return change ? { ...category, parent_id: change.parent_id, sort: change.sort } : category;
  });
}

export type KeyboardMove = 'up' | 'down' | 'in' | 'out';

/**
 * The move a key asks for (Alt+arrows on the snippets page): up or down among its siblings,
 * `in` to the end of the sibling above it, `out` to just after its parent. Null when there is
 * nowhere to go.
 */
export function keyboardMove(categories: readonly CategoryNode[], id: string, direction: KeyboardMove): CategoryMove | null {
  const category = categories.find((item) => item.id === id);
  if (!category) return null;
  const siblings = childrenOf(categories, category.parent_id);
  const index = siblings.findIndex((item) => item.id === id);
  switch (direction) {
    case 'up':
      return index > 0 ? { id, parent_id: category.parent_id, position: index - 1 } : null;
    case 'down':
      return index < siblings.length - 1 ? { id, parent_id: category.parent_id, position: index + 1 } : null;
    case 'in': {
      const above = siblings[index - 1];
      return above ? { id, parent_id: above.id, position: childrenOf(categories, above.id).length } : null;
    }
    case 'out': {
      const parent = categories.find((item) => item.id === category.parent_id);
      if (!parent) return null;
      const index = childrenOf(categories, parent.parent_id).findIndex((item) => item.id === parent.id);
      return { id, parent_id: parent.parent_id, position: index + 1 };
    }
  }
}
