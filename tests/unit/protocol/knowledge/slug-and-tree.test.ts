import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from '../../../../src/protocol/knowledge/knowledge-slug';
import { correctWord, editDistance, searchWords } from '../../../../src/protocol/knowledge/typo-match';
import { childrenOf, flattenTree, moveCategory, withMove, type CategoryNode } from '../../../../src/protocol/snippets/category-tree';

describe('knowledge slugs', () => {
  it('makes a slug of lowercase letters, digits and inner hyphens from a title', () => {
    expect(slugify('How do I reset my password?')).toBe('how-do-i-reset-my-password');
    expect(slugify('  Élan & Façade — Straße  ')).toBe('elan-facade-strasse');
    expect(slugify("Don't panic: it's 100% fine")).toBe('dont-panic-its-100-fine');
    expect(slugify('返金について')).toBe('article');
    expect(slugify('???', 'collection')).toBe('collection');
    expect(slugify('a'.repeat(200)).length).toBe(80);
  });

  it('adds the first free number when a slug is taken', () => {
    const taken = new Set(['refunds', 'refunds-2']);
    expect(uniqueSlug('refunds', (slug) => taken.has(slug))).toBe('refunds-3');
    expect(uniqueSlug('shipping', (slug) => taken.has(slug))).toBe('shipping');
    const long = 'x'.repeat(80);
    expect(uniqueSlug(long, (slug) => slug === long)).toBe(`${'x'.repeat(78)}-2`);
  });
});

describe('knowledge collection tree moves', () => {
  const tree: CategoryNode[] = [
    { id: 'start', name: 'Getting started', parent_id: null, sort: 0 },
    { id: 'billing', name: 'Billing', parent_id: null, sort: 1 },
    { id: 'refunds', name: 'Refunds', parent_id: 'billing', sort: 0 },
    { id: 'invoices', name: 'Invoices', parent_id: 'billing', sort: 1 },
    { id: 'eu', name: 'EU invoices', parent_id: 'invoices', sort: 0 },
  ];
  const shape = (nodes: CategoryNode[]) => flattenTree(nodes).map(({ category, depth }) => `${'  '.repeat(depth)}${category.id}`);

  it('moves a collection with its subtree under another, renumbering both sets of siblings', () => {
    const result = moveCategory(tree, { id: 'invoices', parent_id: 'start', position: 0 });
    expect(result.ok).toBe(true);
    const moved = withMove(tree, result);
    expect(shape(moved)).toEqual(['start', '  invoices', '    eu', 'billing', '  refunds']);
    expect(childrenOf(moved, 'billing').map((node) => node.sort)).toEqual([0]);
  });

  it('reorders among siblings and to the top level', () => {
    expect(shape(withMove(tree, moveCategory(tree, { id: 'billing', parent_id: null, position: 0 })))).toEqual(['billing', '  refunds', '  invoices', '    eu', 'start']);
    expect(shape(withMove(tree, moveCategory(tree, { id: 'eu', parent_id: null, position: 2 })))).toEqual(['start', 'billing', '  refunds', '  invoices', 'eu']);
  });

  it('refuses a move into itself or below itself, an unknown parent and a position past the end', () => {
    expect(moveCategory(tree, { id: 'billing', parent_id: 'eu', position: 0 })).toMatchObject({ ok: false, field: 'parent_id' });
    expect(moveCategory(tree, { id: 'billing', parent_id: 'billing', position: 0 })).toMatchObject({ ok: false, field: 'parent_id' });
    expect(moveCategory(tree, { id: 'billing', parent_id: 'nowhere', position: 0 })).toMatchObject({ ok: false, field: 'parent_id' });
    expect(moveCategory(tree, { id: 'refunds', parent_id: 'billing', position: 2 })).toMatchObject({ ok: false, field: 'position' });
  });
});

describe('typo-tolerant search words', () => {
  const vocabulary = new Map([
    ['refund', 4],
    ['refunds', 2],
    ['shipping', 3],
    ['password', 5],
    ['passport', 1],
  ]);

  it('splits text into folded words', () => {
    expect(searchWords('Café-au-lait, NAÏVE user!')).toEqual(['cafe', 'au', 'lait', 'naive', 'user']);
  });

  it('counts a swap of neighbours as one edit and stops above the limit', () => {
    expect(editDistance('recieve', 'receive', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'xyzxyz', 1)).toBe(2);
  });

  it('keeps a word some word begins with, corrects a close one and leaves a far or short one', () => {
    expect(correctWord('pass', vocabulary)).toBe('pass');
    expect(correctWord('refnd', vocabulary)).toBe('refund');
    expect(correctWord('shiping', vocabulary)).toBe('shipping');
    expect(correctWord('pasword', vocabulary)).toBe('password');
    expect(correctWord('banana', vocabulary)).toBe('banana');
    expect(correctWord('rfd', vocabulary)).toBe('rfd');
  });
});
