import type { Article } from '../../../../protocol/documents';
import { correctWord, searchWords } from '../../../../protocol/knowledge/typo-match';

/**
 * The composer's article search, over the published articles the device holds (offline too):
 * every word of the query must begin a word of the title or the text, a word of the title
 * counting more; a word no article has is corrected to the closest one (typo-match.ts).
 */
export type SearchableArticle = { article: Article; title: string[]; words: Set<string> };

export function searchableArticles(articles: readonly Article[]): SearchableArticle[] {
  return articles
    .filter((article) => article.published)
    .map((article) => {
      const title = searchWords(article.published_title ?? article.title);
      const text = searchWords((article.published_content ?? '').replace(/<[^>]*>/g, ' '));
      return { article, title, words: new Set([...title, ...text]) };
    });
}

export function searchArticles(items: readonly SearchableArticle[], query: string): Article[] {
  const words = searchWords(query);
  if (words.length === 0) return items.map((item) => item.article).sort((a, b) => (a.published_title ?? a.title).localeCompare(b.published_title ?? b.title));
  const vocabulary = new Map<string, number>();
  for (const item of items) for (const word of item.words) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  const wanted = words.map((word) => correctWord(word, vocabulary));
  const scored: { article: Article; score: number }[] = [];
  for (const item of items) {
    let score = 0;
    let all = true;
    for (const word of wanted) {
      if (item.title.some((titleWord) => titleWord.startsWith(word))) score += 10;
      else if ([...item.words].some((textWord) => textWord.startsWith(word))) score += 1;
      else {
        all = false;
        break;
      }
    }
    if (all) scored.push({ article: item.article, score });
  }
  return scored.sort((a, b) => b.score - a.score || (a.article.published_title ?? '').localeCompare(b.article.published_title ?? '')).map((entry) => entry.article);
}

/** The article's published text as plain paragraphs (what "insert the text" puts in a reply). */
export function articlePlainText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...document.body.querySelectorAll('h2, h3, p, li, pre, blockquote')].filter((element) => !element.parentElement?.closest('li, blockquote'));
  return blocks
    .map((element) => `${element.tagName === 'LI' ? '- ' : ''}${(element.textContent ?? '').trim()}`)
    .filter((line) => line !== '')
    .join('\n\n');
}
