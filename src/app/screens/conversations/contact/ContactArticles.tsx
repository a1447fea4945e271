import { useCallback } from 'react';
import type { ContactArticle } from '../../../../protocol/api/knowledge-requests';
import { apiPaths } from '../../../../protocol/api/routes';
import { useApi } from '../../../api/api-context';
import { absoluteDateTime, shortRelativeTime } from '../../../format/relative-time';
import { useLoad } from '../../../hooks/use-load';

/**
 * The knowledge base articles this contact read in the chat widget (asked of the server when the
 * panel opens; nothing is shown offline or when they read none).
 */
export function ContactArticles({ contactId, now }: { contactId: number; now: number }) {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.get<{ articles: ContactArticle[] }>(apiPaths.contactArticles(contactId), signal), [api, contactId]);
  const { state } = useLoad(load);
  if (state.status !== 'ready' || state.data.articles.length === 0) return null;
  return (
    <div className="contact-summary__section">
      <h3 className="contact-summary__heading" id="contact-articles">
        Articles read
        <span className="contact-summary__count">{state.data.articles.length}</span>
      </h3>
      <ul className="contact-summary__conversations" aria-labelledby="contact-articles">
        {state.data.articles.map((article) => (
          <li key={article.id} className="contact-conversation">
            {article.url ? (
              <a className="contact-conversation__subject" href={article.url} target="_blank" rel="noreferrer">
                {article.title}
              </a>
            ) : (
              <span className="contact-conversation__subject">{article.title}</span>
            )}
            <span className="contact-conversation__meta">
              <time dateTime={new Date(article.viewed_at).toISOString()} title={absoluteDateTime(article.viewed_at)}>
                {shortRelativeTime(article.viewed_at, now)}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
