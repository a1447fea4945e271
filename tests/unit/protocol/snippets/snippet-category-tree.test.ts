import { describe, expect, it } from 'vitest';
import { childrenOf, flattenTree, keyboardMove, moveCategory, withMove, type CategoryNode } from '../../../../src/protocol/snippets/category-tree';

const node = (id: string, parent_id: string | null, sort: number, name = id): CategoryNode => ({ id, name, parent_id, sort });
const tree = [node('a', null, 0), node('b', null, 1), node('c', null, 2), node('a1', 'a', 0), node('a2', 'a', 1), node('a1x', 'a1', 0)];
const outline = (categories: CategoryNode[]) => flattenTree(categories).map(({ category, depth }) => `${'.'.repeat(depth)}${category.id}`);

describe('the snippet category tree', () => {
  it('lists depth first, siblings by sort then name then id, and shows orphans at the top', () => {
    expect(outline(tree)).toEqual(['a', '.a1', '..a1x', '.a2', 'b', 'c']);
    const ties = [node('z', null, 0, 'Same'), node('y', null, 0, 'Same'), node('x', null, 0, 'Alpha')];
    expect(childrenOf(ties, null).map((c) => c.id)).toEqual(['x', 'y', 'z']);
    expect(outline([node('lost', 'gone', 0), node('a', null, 1)])).toEqual(['lost', 'a']);
  });

  it('reorders among siblings, renumbering them in order', () => {
    const result = moveCategory(tree, { id: 'c', parent_id: null, position: 0 });
    expect(outline(withMove(tree, result))).toEqual(['c', 'a', '.a1', '..a1x', '.a2', 'b']);
    expect(result).toEqual({ ok: true, sorts: [{ id: 'a', parent_id: null, sort: 1 }, { id: 'b', parent_id: null, sort: 2 }, { id: 'c', parent_id: null, sort: 0 }] });
  });

  it('moves into another parent, closing the gap it leaves', () => {
    const result = moveCategory(tree, { id: 'a1', parent_id: 'b', position: 0 });
    expect(outline(withMove(tree, result))).toEqual(['a', '.a2', 'b', '.a1', '..a1x', 'c']);
    expect(result.ok && result.sorts).toEqual([{ id: 'a1', parent_id: 'b', sort: 0 }, { id: 'a2', parent_id: 'a', sort: 0 }]);
  });

  it('refuses a cycle: into itself or anything inside it', () => {
    for (const parent of ['a', 'a1', 'a1x']) {
      expect(moveCategory(tree, { id: 'a', parent_id: parent, position: 0 })).toEqual({ ok: false, field: 'parent_id', error: 'cannot be the category itself or one inside it' });
    }
    expect(moveCategory(tree, { id: 'a1x', parent_id: 'a', position: 2 }).ok).toBe(true);
  });

  it('refuses a position out of range and an unknown parent', () => {
    expect(moveCategory(tree, { id: 'a', parent_id: null, position: 3 })).toEqual({ ok: false, field: 'position', error: 'must be between 0 and 2' });
    expect(moveCategory(tree, { id: 'a', parent_id: 'b', position: 1 }).ok).toBe(false);
    expect(moveCategory(tree, { id: 'a', parent_id: 'b', position: 0 }).ok).toBe(true);
    expect(moveCategory(tree, { id: 'a', parent_id: null, position: -1 }).ok).toBe(false);
    expect(moveCategory(tree, { id: 'a', parent_id: 'nope', position: 0 })).toMatchObject({ ok: false, field: 'parent_id' });
  });

  it('changes nothing for a move to where it already is', () => {
    expect(moveCategory(tree, { id: 'b', parent_id: null, position: 1 })).toEqual({ ok: true, sorts: [] });
  });
});

describe('moving a category by keyboard', () => {
  const apply = (id: string, direction: Parameters<typeof keyboardMove>[2]) => {
    const move = keyboardMove(tree, id, direction);
    return move && outline(withMove(tree, moveCategory(tree, move)));
  };
  it('moves up and down among siblings, and stops at the ends', () => {
    expect(apply('b', 'up')).toEqual(['b', 'a', '.a1', '..a1x', '.a2', 'c']);
    expect(apply('a2', 'up')).toEqual(['a', '.a2', '.a1', '..a1x', 'b', 'c']);
    expect(apply('a', 'up')).toBeNull();
    expect(apply('c', 'down')).toBeNull();
  });
  it('nests into the sibling above and moves out to just after its parent', () => {
    expect(apply('b', 'in')).toEqual(['a', '.a1', '..a1x', '.a2', '.b', 'c']);
    expect(apply('a1x', 'out')).toEqual(['a', '.a1', '.a1x', '.a2', 'b', 'c']);
    expect(apply('a1', 'out')).toEqual(['a', '.a2', 'a1', '.a1x', 'b', 'c']);
    expect(apply('a', 'in')).toBeNull();
    expect(apply('a', 'out')).toBeNull();
  });
});
