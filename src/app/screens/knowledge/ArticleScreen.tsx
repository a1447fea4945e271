import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { API_BASE } from '../../../protocol/api/routes';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import type { Article } from '../../../protocol/documents';
import { KNOWLEDGE_SLUG_PATTERN } from '../../../protocol/knowledge/knowledge-slug';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { useEditorImages } from '../conversations/composer/use-editor-images';
import { articleToMarkdown, markdownToArticle } from './article-markdown';
import { ConflictNotice } from './ConflictNotice';
import { articleHasBody, articleStatus, newArticleRequest, STATUS_LABELS, unsavedArticle, useArticle, useKnowledgeBase } from './use-knowledge';

const ArticleRichEditor = lazy(() => import('./ArticleRichEditor'));

/** How long typing rests before the draft is saved (the outbox coalesces saves anyway). */
const AUTOSAVE_MS = 600;

/**
 * `knowledge/articles/{id}`: one article's editor. A new article ("New article" navigates here
 * with its collections in the history state) is edited before it exists: it is created once it
 * has a title, and the same editor goes on with the created one.
 */
export default function ArticleScreen() {
  const id = useParams()['id'] ?? '';
  const article = useArticle(id);
  const fresh = newArticleRequest(useLocation().state);
  const { slug } = useSignedIn();
  if (article === undefined) {
    return (
      <div className="page page--wide">
        <Spinner label="Loading the article" />
      </div>
    );
  }
  if (article === null && fresh) return <ArticleEditor key={id} article={unsavedArticle(id, fresh.collections)} unsaved />;
  if (article === null) {
    return (
      <div className="page page--wide">
        <EmptyState icon="note" title="This article does not exist">
          It may have been deleted. <Link to={`/${slug}/knowledge`}>Back to the knowledge base</Link>
        </EmptyState>
      </div>
    );
  }
  return <ArticleEditor key={article.id} article={article} />;
}

type Text = { title: string; content: string; description: string };

const textOf = (article: Article): Text => ({ title: article.title, content: article.content, description: article.description });
const sameText = (a: Text, b: Text) => a.title === b.title && a.content === b.content && a.description === b.description;

/**
 * Writes as the agent types: the draft is saved after a short rest (offline too, through the
 * outbox) with the version its text started from, so a teammate's newer text is never silently
 * overwritten (the server keeps such an edit aside as a conflict). A teammate's change shows
 * live while this agent has nothing unsaved. Publish and Unpublish are explicit.
 */
function ArticleEditor({ article, unsaved = false }: { article: Article; unsaved?: boolean }) {
  const { slug, agent } = useSignedIn();
  const { mutate } = useSyncActions();
  const { show } = useToasts();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const base = useKnowledgeBase();
  const images = useEditorImages();
  const [text, setText] = useState<Text>(() => textOf(article));
  const [slugText, setSlugText] = useState(article.slug);
  const startedFrom = useRef(article.version);
  // The address the agent chose, sent with every later save (a save takes over the queued one).
  const chosenSlug = useRef<string | null>(null);
  const pending = useRef<number | null>(null);
  const latestText = useRef(text);
  latestText.current = text;
  // A new article is created by its first save with a title; its collections wait here till then.
  const created = useRef(!unsaved);
  const [newCollections, setNewCollections] = useState(() => article.collections.map((placement) => placement.collection_id));
  const latestCollections = useRef(newCollections);
  latestCollections.current = newCollections;

  const save = useCallback(() => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
    setSaving(false);
    const current = latestText.current;
    if (current.title.trim() === '') return;
    if (!created.current) {
      created.current = true;
      const fields = { title: current.title.trim(), content: current.content, description: current.description.trim() };
      mutate({ kind: 'create-article', id: article.id, ...fields, collections: latestCollections.current });
      return;
    }
    mutate({
      kind: 'update-article',
      id: article.id,
      title: current.title.trim(),
      content: current.content,
      description: current.description.trim(),
      base_version: startedFrom.current,
      ...(chosenSlug.current !== null ? { slug: chosenSlug.current } : {}),
    });
  }, [article.id, mutate]);

  // Saves what is left when the editor closes.
  useEffect(() => () => {
    if (pending.current !== null) save();
  }, [save]);

  // The server's (or a teammate's) text: taken when nothing here is unsaved.
  const server = textOf(article);
  useEffect(() => {
    if (pending.current !== null) return;
    if (sameText(server, latestText.current)) {
      // Our own save came back. A teammate's change under a save still queued here shows our
      // text too (our patch on top): it must not count as the version our text started from.
      if (article.updated_by === agent.id) startedFrom.current = article.version;
      return;
    }
    setText(server);
    startedFrom.current = article.version;
    setSlugText(article.slug);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the server's text and version are what change
  }, [article.version, server.title, server.content, server.description]);

  function edit(change: Partial<Text>) {
    setText((current) => ({ ...current, ...change }));
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = window.setTimeout(save, AUTOSAVE_MS);
    setSaving(true);
  }

  function publish(on: boolean) {
    if (pending.current !== null) save();
    mutate({ kind: on ? 'publish-article' : 'unpublish-article', id: article.id });
    show({ tone: 'success', title: on ? 'Article published' : 'Article unpublished', key: `kb-publish-${article.id}` });
  }

  function saveSlug() {
    const wanted = slugText.trim().toLowerCase();
    if (wanted === article.slug) return;
    if (!KNOWLEDGE_SLUG_PATTERN.test(wanted)) {
      show({ tone: 'error', title: 'Address not changed', body: 'Use lowercase letters, digits and inner hyphens.' });
      setSlugText(article.slug);
      return;
    }
    chosenSlug.current = wanted;
    save();
  }

  async function importMarkdown(file: File) {
    const { title, html } = await markdownToArticle(await file.text());
    edit({ content: html, ...(title ? { title: withoutControlCharacters(title, 'single').slice(0, 200) } : {}) });
  }

  async function exportMarkdown() {
    const markdown = await articleToMarkdown(text.title, text.content);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown' }));
    link.download = `${article.slug}.md`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const status = articleStatus(article);
  const exists = !unsaved;
  const inCollections = new Set(exists ? article.collections.map((placement) => placement.collection_id) : newCollections);
  const publishable = text.title.trim() !== '' && articleHasBody(text.content);
  const untitled = text.title.trim() === '';
  const savedText = saving && !untitled ? 'Saving…' : untitled ? (exists ? 'Not saved: add a title' : 'Not saved yet: add a title') : 'Draft saved';
  const importer = useRef<HTMLInputElement>(null);

  return (
    <div className="page page--wide kb-article">
      <div className="kb-article__bar">
        <Link
          to={`/${slug}/knowledge`}
          className="btn btn--ghost btn--small"
          onClick={(event) => {
            if (!unsaved || !untitled || !articleHasBody(text.content)) return;
            if (!window.confirm('Discard this article? Without a title it is not saved.')) event.preventDefault();
          }}
        >
          <Icon name="arrowLeft" size={14} /> Knowledge base
        </Link>
        <span className="kb-article__status" aria-live="polite">
          <Badge tone={status === 'published' ? 'success' : status === 'changed' ? 'warning' : 'neutral'}>{STATUS_LABELS[status]}</Badge>
          <span className="kb-article__saved">{savedText}</span>
        </span>
        <span className="kb-article__actions">
          {article.published && article.url && (
            <a className="btn btn--ghost btn--small" href={article.url} target="_blank" rel="noreferrer">
              View live
            </a>
          )}
          {article.published && (
            <Button size="small" onClick={() => publish(false)}>
              Unpublish
            </Button>
          )}
          <Button
            size="small"
            variant="primary"
            disabled={status === 'published' || !publishable}
            title={publishable ? undefined : 'Give the article a title and some text to publish it.'}
            onClick={() => publish(true)}
          >
            {article.published ? 'Publish changes' : 'Publish'}
          </Button>
        </span>
      </div>
      {article.conflict && (
        <ConflictNotice
          article={article}
          conflict={article.conflict}
          onKeep={(which) => {
            const kept = article.conflict;
            if (which === 'kept' && kept) {
              setText({ ...latestText.current, title: kept.title, content: kept.content });
              mutate({ kind: 'resolve-article-conflict', id: article.id, title: kept.title, content: kept.content });
            } else mutate({ kind: 'resolve-article-conflict', id: article.id });
          }}
        />
      )}
      <div className="kb-article__layout">
        <div className="kb-article__main">
          <label className="visually-hidden" htmlFor="kb-article-title">
            Title
          </label>
          <input
            id="kb-article-title"
            className="kb-article__title"
            value={text.title}
            maxLength={200}
            placeholder="Title"
            autoFocus={unsaved}
            onChange={(event) => edit({ title: withoutControlCharacters(event.target.value, 'single') })}
          />
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <ArticleRichEditor
              value={text.content}
              onChange={(content) => edit({ content })}
              uploadImage={images.uploadImage}
              imageSrc={(uploaded) => `/help/${slug}/images/${uploaded.id}`}
              loadImage={(src) => {
                const picture = /^\/help\/[a-z0-9-]+\/images\/(\d+)$/.exec(src);
                return images.loadImage(picture ? `${API_BASE}attachments/${picture[1]}` : src);
              }}
            />
          </Suspense>
        </div>
        <aside className="kb-article__side panel">
          <div className="panel__body stack">
            <TextField
              label="Description"
              name="description"
              hint="Shown under the title in lists and search engines."
              value={text.description}
              maxLength={300}
              onChange={(event) => edit({ description: withoutControlCharacters(event.target.value, 'single') })}
            />
            <TextField
              label="Address"
              name="slug"
              prefix="/articles/"
              value={slugText}
              maxLength={80}
              disabled={!exists}
              hint={exists ? undefined : 'Made from the title when the article is saved.'}
              onChange={(event) => setSlugText(event.target.value)}
              onBlur={saveSlug}
            />
            <fieldset className="kb-article__collections">
              <legend>Collections</legend>
              {(base?.collections ?? []).length === 0 && <p className="hint">No collections yet.</p>}
              {(base?.collections ?? []).map((collection) => (
                <label key={collection.id} className="checkbox-field">
                  <input
                    type="checkbox"
                    checked={inCollections.has(collection.id)}
                    onChange={(event) => {
                      const next = new Set(inCollections);
                      if (event.target.checked) next.add(collection.id);
                      else next.delete(collection.id);
                      if (!created.current) setNewCollections([...next]);
                      else mutate({ kind: 'set-article-collections', id: article.id, collections: [...next] });
                    }}
                  />
                  <span>
                    {collection.icon ? `${collection.icon} ` : ''}
                    {collection.name}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="kb-article__files">
              <Button size="small" onClick={() => importer.current?.click()}>
                Import Markdown
              </Button>
              <Button size="small" onClick={() => void exportMarkdown()}>
                Export Markdown
              </Button>
              <input
                ref={importer}
                type="file"
                accept=".md,.markdown,text/markdown,text/plain"
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void importMarkdown(file);
                  event.target.value = '';
                }}
              />
            </div>
            <Button
              variant={exists ? 'danger' : 'secondary'}
              size="small"
              onClick={() => {
                if (!created.current) {
                  void navigate(`/${slug}/knowledge`);
                  return;
                }
                if (!window.confirm(`Delete “${article.title}”? It leaves the help center too.`)) return;
                mutate({ kind: 'delete-article', id: article.id });
                void navigate(`/${slug}/knowledge`);
              }}
            >
              {exists ? 'Delete article' : 'Discard'}
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}
