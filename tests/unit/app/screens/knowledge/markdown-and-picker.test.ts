import { describe, expect, it } from 'vitest';
import type { Article } from '../../../../../src/protocol/documents';
import { articleToMarkdown, markdownToArticle } from '../../../../../src/app/screens/knowledge/article-markdown';
import { searchableArticles, searchArticles } from '../../../../../src/app/screens/conversations/article-picker/article-search';

describe('articles in and out of Markdown', () => {
  it('reads a title, headings, lists, code and tables from Markdown', async () => {
    const { title, html } = await markdownToArticle('# Reset your password\n\nOpen **Settings**.\n\n# Steps\n\n- One\n- Two\n\n```\nreset --now\n```\n\n| Plan | Price |\n| --- | --- |\n| Pro | 10 |\n');
    expect(title).toBe('Reset your password');
    expect(html).toContain('<p>Open <strong>Settings</strong>.</p>');
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toMatch(/<ul>\s*<li>One<\/li>/);
    expect(html).toContain('reset --now');
    expect(html).toContain('<th>Plan</th>');
  });

  it('writes an article as Markdown, a callout as a quote that names its tone', async () => {
    const markdown = await articleToMarkdown('Refunds', '<h2>When</h2><p>Within <em>30</em> days.</p><div data-callout="warning"><p>Keep the receipt.</p></div><ol><li>Ask</li><li>Wait</li></ol>');
    expect(markdown).toContain('# Refunds');
    expect(markdown).toContain('## When');
    expect(markdown).toContain('Within _30_ days.');
    expect(markdown).toContain('> **Warning:** Keep the receipt.');
    expect(markdown).toMatch(/1\.\s+Ask/);
  });
});

describe("the composer's article search", () => {
  const article = (id: string, title: string, content: string, published = true): Article => ({
    id,
    title,
    content,
    description: '',
    slug: id,
    published,
    published_title: published ? title : null,
    published_content: published ? content : null,
    published_at: published ? 1 : null,
    url: null,
    collections: [],
    conflict: null,
    updated_by: null,
    updated_at: 1,
    version: 1,
  });
  const items = searchableArticles([
    article('a', 'Refund policy', '<p>Money back within 30 days.</p>'),
    article('b', 'Shipping times', '<p>We refund shipping when a parcel is late.</p>'),
    article('c', 'Refund draft', '<p>Not yet.</p>', false),
  ]);

  it('finds published articles only, title matches first, every word a prefix', () => {
    expect(searchArticles(items, 'refund').map((found) => found.id)).toEqual(['a', 'b']);
    expect(searchArticles(items, 'ship late').map((found) => found.id)).toEqual(['b']);
    expect(searchArticles(items, '').map((found) => found.id)).toEqual(['a', 'b']);
  });

  it('forgives a typo', () => {
    expect(searchArticles(items, 'refnd policy').map((found) => found.id)).toEqual(['a']);
    expect(searchArticles(items, 'warranty')).toEqual([]);
  });
});
