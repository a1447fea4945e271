import { useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Article } from '../../../protocol/documents';
import { Badge } from '../../components/Badge';
import { articleStatus, STATUS_LABELS } from './use-knowledge';

type ArticleListProps = {
  slug: string;
  articles: Article[];
  /** Inside one collection the rows are in its order and can be moved (drag, Alt+↑/↓). */
  onMove: ((article: Article, position: number) => void) | null;
};

const TONES = { draft: 'neutral', published: 'success', changed: 'warning' } as const;

const updated = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The articles shown: title, status and last change; a row opens the editor. */
export function ArticleList({ slug, articles, onMove }: ArticleListProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    if (!onMove || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const article = articles[index];
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (article && to >= 0 && to < articles.length) onMove(article, to);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    const article = articles.find((item) => item.id === dragged);
    if (article && onMove) onMove(article, index);
    setDragged(null);
    setOver(null);
  }

  return (
    <ul className="article-list">
      {articles.map((article, index) => {
        const status = articleStatus(article);
        return (
          <li
            key={article.id}
            className="article-list__row"
            data-drop={over === index && dragged !== article.id ? 'before' : undefined}
            draggable={onMove !== null}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', article.id);
              setDragged(article.id);
            }}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            <Link
              to={`/${slug}/knowledge/articles/${article.id}`}
              className="article-list__link"
              aria-keyshortcuts={onMove ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="article-list__title">{article.title}</span>
              <span className="article-list__meta">
                {article.conflict && <Badge tone="warning">Conflict</Badge>}
                <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>
                <span className="article-list__date">{updated.format(new Date(article.updated_at))}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
