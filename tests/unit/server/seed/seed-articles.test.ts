import { describe, expect, it } from 'vitest';
import { planArticles, SEED_COLLECTIONS } from '../../../../src/server/seed/seed-articles';
import { createRandom } from '../../../../src/server/seed/seed-random';

const plan = (count: number, seed = 1) => planArticles(createRandom(seed), count);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the demo knowledge base', () => {
  it('gives every article its own title, for a few articles and for thousands', () => {
    for (const count of [5, 12, 60, 500, 3000]) {
      const titles = plan(count).map((article) => article.title);
      expect(titles).toHaveLength(count);
      expect(new Set(titles).size).toBe(count);
    }
  });

  it('numbers no title like a copy and repeats no word twice in a row', () => {
    for (const article of plan(600)) {
      expect(article.title).not.toMatch(/\(\d+\)/);
      expect(`${article.title} ${text(article.content)}`).not.toMatch(/\b(\w+)\s+\1\b/i);
    }
  });

  it('gives every article its own body, with numbered steps', () => {
    const articles = plan(400);
    expect(new Set(articles.map((article) => article.content)).size).toBe(articles.length);
    for (const article of articles) expect(article.content).toMatch(/<ol><li>.+<\/li><\/ol>/);
  });

  it('makes the same articles for the same seed and others for another seed', () => {
    expect(plan(80, 7)).toEqual(plan(80, 7));
    expect(plan(80, 7).map((article) => article.title)).not.toEqual(plan(80, 8).map((article) => article.title));
  });

  it('files every article in one of the four collections and keeps every eighth a draft', () => {
    const ids: string[] = SEED_COLLECTIONS.map(([id]) => id);
    const articles = plan(40);
    for (const article of articles) expect(ids).toContain(article.collection);
    expect(articles.filter((article) => !article.published).map((article) => article.id)).toEqual(['ka-seed-7', 'ka-seed-15', 'ka-seed-23', 'ka-seed-31', 'ka-seed-39']);
  });
});
