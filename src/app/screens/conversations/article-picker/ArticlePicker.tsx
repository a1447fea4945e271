import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Article } from '../../../../protocol/documents';
import { articlePlainText, searchableArticles, searchArticles } from './article-search';

const SHOWN = 30;

export type ArticlePickerProps = {
  articles: readonly Article[] | undefined;
  /** The public address of an article (the help center's base URL + its path). */
  urlOf: (article: Article) => string;
  insert: (text: string) => void;
  onClose: () => void;
};

/**
 * The composer's article picker: search the published articles (offline, from IndexedDB); Enter
 * inserts a link (the title and the public address), Alt+Enter the article's text. Keyboard
 * only is enough: ↑/↓ move, Escape closes.
 */
export function ArticlePicker({ articles, urlOf, insert, onClose }: ArticlePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [active, setActive] = useState(0);
  const items = useMemo(() => searchableArticles(articles ?? []), [articles]);
  const results = useMemo(() => searchArticles(items, deferred).slice(0, SHOWN), [items, deferred]);
  const current = results[Math.min(active, results.length - 1)];

  function choose(article: Article, asText: boolean) {
    insert(asText ? articlePlainText(article.published_content ?? '') : `${article.published_title ?? article.title}: ${urlOf(article)}`);
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.max(0, Math.min(results.length - 1, index + delta)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) choose(current, event.altKey);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  }

  return (
    <div className="snippet-picker article-picker" role="dialog" aria-label="Insert an article" data-testid="article-picker">
      <input
        className="field__input article-picker__search"
        type="search"
        autoFocus
        placeholder="Search published articles…"
        aria-label="Search articles"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={current ? `${id}-${current.id}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {articles !== undefined && results.length === 0 ? (
        <p className="article-picker__empty">{items.length === 0 ? 'No published articles yet.' : 'No article matches.'}</p>
      ) : (
        <ul className="article-picker__list" role="listbox" id={`${id}-list`}>
          {results.map((article) => (
            <li
              key={article.id}
              id={`${id}-${article.id}`}
              role="option"
              aria-selected={article === current}
              className="article-picker__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => choose(article, event.altKey)}
            >
              <span className="article-picker__title">{article.published_title ?? article.title}</span>
              {article.description && <span className="article-picker__description">{article.description}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="article-picker__hint">Enter inserts a link · Alt+Enter inserts the text · Esc closes</p>
    </div>
  );
}
