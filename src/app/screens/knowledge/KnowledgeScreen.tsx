import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { KnowledgeCollection } from '../../../protocol/documents';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { NameDialog, type NameDialogField, type NameDialogRequest } from '../../components/NameDialog';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { CategoryTree, type LibraryFilter, type TreeLabels } from '../snippets/CategoryTree';
import { ArticleList } from './ArticleList';
import { articlesIn, newKnowledgeId, useKnowledgeBase } from './use-knowledge';

const TREE_LABELS: TreeLabels = {
  nav: 'Collections',
  all: 'All articles',
  none: 'In no collection',
  item: 'collection',
  hint: 'Drag a collection, or focus it and press Alt+arrows, to move it.',
};

type CollectionField = 'icon' | 'description';

/** A collection has an icon (an emoji) and a line that describes it, besides its name. */
const COLLECTION_FIELDS: readonly NameDialogField<CollectionField>[] = [
  { key: 'icon', label: 'Icon', hint: 'An emoji shown beside the name, e.g. 💳', maxLength: 16 },
  { key: 'description', label: 'Description', maxLength: 300 },
];

/**
 * `knowledge` (§2; no role needed, §6): the knowledge base. Collections nest to any depth and are
 * reordered by drag and drop (or Alt+arrows); articles are listed per collection, in its order,
 * and open in the editor. Everything goes through the outbox, so it works offline.
 */
export default function KnowledgeScreen() {
  const { slug } = useSignedIn();
  const base = useKnowledgeBase();
  const { mutate } = useSyncActions();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<LibraryFilter>({ kind: 'all' });
  const [editing, setEditing] = useState<NameDialogRequest<CollectionField>>(null);

  const counts = useMemo(() => {
    const map = new Map<string, number>([['all', base?.articles.length ?? 0], ['none', 0]]);
    for (const article of base?.articles ?? []) {
      if (article.collections.length === 0) map.set('none', (map.get('none') ?? 0) + 1);
      for (const placement of article.collections) map.set(placement.collection_id, (map.get(placement.collection_id) ?? 0) + 1);
    }
    return map;
  }, [base]);

  if (!base) {
    return (
      <div className="page page--wide">
        <Spinner label="Loading the knowledge base" />
      </div>
    );
  }
  const { collections, articles } = base;
  const shown =
    filter.kind === 'all' ? articles : filter.kind === 'none' ? articles.filter((article) => article.collections.length === 0) : articlesIn(articles, filter.id);
  const current = filter.kind === 'category' ? collections.find((collection) => collection.id === filter.id) : undefined;

  function addCollection(parent: KnowledgeCollection | null) {
    setEditing({
      title: parent ? `New collection inside “${parent.name}”` : 'New collection',
      action: 'Create collection',
      initial: { name: '', icon: '', description: '' },
      onSave: ({ name, icon, description }) =>
        mutate({ kind: 'create-kb-collection', id: newKnowledgeId('kc'), name, icon: icon === '' ? null : icon, description, parent_id: parent?.id ?? null }),
    });
  }

  /** A new article's editor: the article is created once it has a title (ArticleScreen). */
  function newArticle() {
    const id = newKnowledgeId('ka');
    void navigate(`/${slug}/knowledge/articles/${id}`, { state: { newArticle: { collections: current ? [current.id] : [] } } });
  }

  return (
    <div className="page page--wide kb-page">
      <PageHeader
        title="Knowledge base"
        description="Write your answers once: link them in replies, and let customers find them in your help center and chat widget."
        actions={
          <>
            <Link className="btn btn--ghost" to={`/${slug}/knowledge/settings`}>
              <Icon name="settings" size={14} /> Help center settings
            </Link>
            <Button onClick={() => addCollection(null)} icon={<Icon name="plus" size={14} />}>
              New collection
            </Button>
            <Button variant="primary" onClick={newArticle} icon={<Icon name="plus" size={14} />}>
              New article
            </Button>
          </>
        }
      />
      <div className="snippets knowledge">
        <section className="panel snippets__tree" aria-labelledby="kb-collections-title">
          <div className="panel__header">
            <h2 className="panel__title" id="kb-collections-title">
              Collections
            </h2>
          </div>
          <CategoryTree
            categories={collections}
            counts={counts}
            filter={filter}
            onFilter={setFilter}
            labels={TREE_LABELS}
            edit={{
              onMove: (move) => mutate({ kind: 'move-kb-collection', ...move }),
              onAddInside: (category) => addCollection(collections.find((collection) => collection.id === category.id) ?? null),
              onRename: (category) => {
                const collection = collections.find((item) => item.id === category.id);
                setEditing({
                  title: `Edit “${category.name}”`,
                  action: 'Save',
                  initial: { name: collection?.name ?? '', icon: collection?.icon ?? '', description: collection?.description ?? '' },
                  onSave: ({ name, icon, description }) => mutate({ kind: 'update-kb-collection', id: category.id, name, icon: icon === '' ? null : icon, description }),
                });
              },
              onDelete: (category) => {
                if (window.confirm(`Delete the collection “${category.name}”? Its articles stay in the knowledge base; its subcollections move up.`)) {
                  mutate({ kind: 'delete-kb-collection', id: category.id });
                  setFilter({ kind: 'all' });
                }
              },
            }}
          />
        </section>
        <div className="snippets__main">
          <section className="panel" aria-labelledby="kb-list-title">
            <div className="panel__header">
              <h2 className="panel__title" id="kb-list-title">
                {current ? `${current.icon ? `${current.icon} ` : ''}${current.name}` : filter.kind === 'none' ? 'In no collection' : 'All articles'}
                <span className="count">{shown.length}</span>
              </h2>
            </div>
            {shown.length === 0 ? (
              <EmptyState icon="note" title={articles.length === 0 ? 'No articles yet' : 'No article here'}>
                Write an answer your customers look for: it can be published to your help center and linked in replies.
              </EmptyState>
            ) : (
              <ArticleList
                slug={slug}
                articles={shown}
                onMove={current ? (article, position) => mutate({ kind: 'move-article', id: article.id, collection_id: current.id, position }) : null}
              />
            )}
            {current && shown.length > 1 && <p className="category-tree__hint">Drag an article, or focus it and press Alt+↑/↓, to change its place in this collection.</p>}
          </section>
        </div>
      </div>
      <NameDialog request={editing} fields={COLLECTION_FIELDS} onClose={() => setEditing(null)} />
    </div>
  );
}
