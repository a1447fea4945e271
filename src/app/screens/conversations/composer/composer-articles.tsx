import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { KnowledgeSettings } from '../../../../protocol/api/knowledge-requests';
import { apiPaths } from '../../../../protocol/api/routes';
import type { Article } from '../../../../protocol/documents';
import { useApi } from '../../../api/api-context';
import { Icon } from '../../../components/Icon';
import { useSignedIn } from '../../../session/signed-in-context';
import { useKnowledgeBase } from '../../knowledge/use-knowledge';
import { ArticlePicker } from '../article-picker/ArticlePicker';
import { spacedInsert } from '../article-picker/spaced-insert';
import type { SnippetField } from './snippet-field';

export type ComposerArticles = { picker: ReactNode; button: ReactNode; open: () => void };

/**
 * The composer's knowledge base articles: the button (and the palette's "Insert article link…")
 * opens the picker, which inserts a link at the caret, spaced from the words around it. Links use the help center's public
 * address (knowledge settings' base_url, read once; this server's `/help/{org}` without it).
 */
export function useComposerArticles(field: RefObject<SnippetField | null>, focusField: () => void): ComposerArticles {
  const { slug } = useSignedIn();
  const api = useApi();
  const base = useKnowledgeBase();
  const [opened, setOpened] = useState(false);
  const caret = useRef({ start: 0, end: 0, before: '', after: '' });
  const [helpCenter, setHelpCenter] = useState(`${location.origin}/help/${slug}`);

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    api.get<KnowledgeSettings>(apiPaths.knowledgeSettings, controller.signal).then(
      (settings) => setHelpCenter(settings.base_url ?? settings.default_url),
      // Offline: this server's address.
      () => undefined,
    );
    return () => controller.abort();
  }, [api, opened]);

  const open = useCallback(() => {
    const at = field.current?.caret();
    if (at) caret.current = at;
    setOpened(true);
  }, [field]);

  const close = useCallback(() => {
    setOpened(false);
    focusField();
  }, [focusField]);

  const urlOf = (article: Article) => `${helpCenter}/articles/${article.slug}`;
  return {
    picker: opened && <ArticlePicker articles={base?.articles} urlOf={urlOf} insert={(text) => field.current?.insert(spacedInsert(text, caret.current.before, caret.current.after), caret.current, 0)} onClose={close} />,
    button: (
      <button
        type="button"
        className="btn btn--ghost btn--small composer__snippets"
        title="Insert a knowledge base article"
        aria-expanded={opened}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (opened ? close() : open())}
      >
        <Icon name="info" size={14} />
        <span className="btn__label" aria-hidden="true">
          Articles
        </span>
        <span className="visually-hidden">Insert an article</span>
      </button>
    ),
    open,
  };
}
