import { useMemo, useState } from 'react';
import type { Snippet, SnippetCategory } from '../../../protocol/documents';
import { PAGE_PERMISSIONS } from '../../../protocol/roles';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { NameDialog, type NameDialogRequest } from '../../components/NameDialog';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { CategoryTree, type LibraryFilter } from './CategoryTree';
import { DeleteCategoryModal } from './DeleteCategoryModal';
import { SnippetEditor, type SnippetDraft } from './SnippetEditor';
import { SnippetList } from './SnippetList';
import { newLibraryId, useSnippetLibrary } from './use-snippet-library';

type Editing = { snippet: Snippet | null } | null;

function inFilter(snippet: Snippet, filter: LibraryFilter): boolean {
  if (filter.kind === 'all') return true;
  if (filter.kind === 'none') return snippet.categories.length === 0;
  return snippet.categories.includes(filter.id);
}

/**
 * `snippets` (§2, §6 `snippet.*`): the snippet library. Every agent reads it (and uses it in the
 * composer); with `snippet.*` the categories are created, renamed, moved and deleted, and
 * snippets written. Everything goes through the outbox, so it works offline.
 */
export default function SnippetsScreen() {
  const { agent } = useSignedIn();
  const library = useSnippetLibrary();
  const { mutate } = useSyncActions();
  const editable = can(agent, PAGE_PERMISSIONS.snippets);
  const [filter, setFilter] = useState<LibraryFilter>({ kind: 'all' });
  const [editing, setEditing] = useState<Editing>(null);
  const [naming, setNaming] = useState<NameDialogRequest>(null);
  const [deleting, setDeleting] = useState<SnippetCategory | null>(null);
  const [now] = useState(() => Date.now());

  const counts = useMemo(() => {
    const map = new Map<string, number>([['all', library?.snippets.length ?? 0], ['none', 0]]);
    for (const snippet of library?.snippets ?? []) {
      if (snippet.categories.length === 0) map.set('none', (map.get('none') ?? 0) + 1);
      for (const id of snippet.categories) map.set(id, (map.get(id) ?? 0) + 1);
    }
    return map;
  }, [library]);

  if (!library) {
    return (
      <div className="page page--wide">
        <Spinner label="Loading snippets" />
      </div>
    );
  }
  const { snippets, categories } = library;
  const shown = snippets.filter((snippet) => inFilter(snippet, filter));
  const current = editing?.snippet ? (snippets.find((snippet) => snippet.id === editing.snippet?.id) ?? null) : null;

  function addCategory(parent: SnippetCategory | null) {
    setNaming({
      title: parent ? `New category inside “${parent.name}”` : 'New category',
      action: 'Create category',
      initial: { name: '' },
      onSave: ({ name }) => mutate({ kind: 'create-snippet-category', id: newLibraryId('sc'), name, parent_id: parent?.id ?? null }),
    });
  }

  function save(draft: SnippetDraft) {
    const shortcut = draft.shortcut === '' ? null : draft.shortcut;
    if (!current) {
      mutate({ kind: 'create-snippet', id: newLibraryId('sn'), name: draft.name, shortcut, body: draft.body, categories: draft.categories });
    } else {
      if (draft.name !== current.name || shortcut !== current.shortcut || draft.body !== current.body) {
        mutate({ kind: 'update-snippet', id: current.id, name: draft.name, shortcut, body: draft.body });
      }
      if (draft.categories.join() !== current.categories.join()) mutate({ kind: 'categorize-snippet', id: current.id, categories: draft.categories });
    }
    setEditing(null);
  }

  return (
    <div className="page page--wide">
      <PageHeader
        title="Snippets"
        description="Saved replies for the composer: type # in a reply to insert one."
        actions={
          editable ? (
            <>
              <Button onClick={() => addCategory(null)} icon={<Icon name="plus" size={14} />}>
                New category
              </Button>
              <Button variant="primary" onClick={() => setEditing({ snippet: null })} icon={<Icon name="plus" size={14} />}>
                New snippet
              </Button>
            </>
          ) : undefined
        }
      />
      {!editable && (
        <p className="snippets__read-only" role="note">
          <Icon name="lock" size={14} /> You can use these snippets; changing them needs the <span className="mono">snippet.*</span> permission.
        </p>
      )}
      <div className="snippets">
        <section className="panel snippets__tree" aria-labelledby="snippet-categories-title">
          <div className="panel__header">
            <h2 className="panel__title" id="snippet-categories-title">
              Categories
            </h2>
          </div>
          <CategoryTree
            categories={categories}
            counts={counts}
            filter={filter}
            onFilter={setFilter}
            edit={
              editable
                ? {
                    onMove: (move) => mutate({ kind: 'move-snippet-category', ...move }),
                    onAddInside: addCategory,
                    onRename: (category) =>
                      setNaming({ title: `Rename “${category.name}”`, action: 'Rename', initial: { name: category.name }, onSave: ({ name }) => mutate({ kind: 'rename-snippet-category', id: category.id, name }) }),
                    onDelete: setDeleting,
                  }
                : null
            }
          />
        </section>
        <div className="snippets__main">
          {editing && (
            <SnippetEditor
              key={current?.id ?? 'new'}
              snippet={current}
              categories={categories}
              initialCategories={filter.kind === 'category' ? [filter.id] : []}
              onSave={save}
              onDelete={
                current
                  ? () => {
                      mutate({ kind: 'delete-snippet', id: current.id });
                      setEditing(null);
                    }
                  : null
              }
              onClose={() => setEditing(null)}
            />
          )}
          <section className="panel" aria-labelledby="snippet-list-title">
            <div className="panel__header">
              <h2 className="panel__title" id="snippet-list-title">
                {filter.kind === 'all' ? 'All snippets' : filter.kind === 'none' ? 'No category' : (categories.find((c) => c.id === filter.id)?.name ?? 'Snippets')}
                <span className="count">{shown.length}</span>
              </h2>
            </div>
            {shown.length === 0 ? (
              <EmptyState icon="note" title={snippets.length === 0 ? 'No snippets yet' : 'No snippet here'}>
                {editable ? 'Write the answers your team gives again and again, then insert them with # in a reply.' : 'An administrator can add snippets here.'}
              </EmptyState>
            ) : (
              <SnippetList snippets={shown} now={now} onOpen={editable ? (snippet) => setEditing({ snippet }) : null} />
            )}
          </section>
        </div>
      </div>
      <NameDialog request={naming} onClose={() => setNaming(null)} />
      <DeleteCategoryModal
        category={deleting}
        categories={categories}
        snippetCount={deleting ? (counts.get(deleting.id) ?? 0) : 0}
        onDelete={(category, moveTo) => mutate({ kind: 'delete-snippet-category', id: category.id, move_to: moveTo })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
