import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { tagStyle } from '../conversations/tag-style';
import { useSyncActions } from '../../sync/use-sync-actions';
import { DeleteTagModal } from './DeleteTagModal';
import { TagForm } from './TagForm';
import { conversationCount, useTagUsage, type TagUsage } from './use-tag-usage';

/** `tags` (§2, §6 `tag.*`): the organization's tags with how many conversations use each; create, rename, colour, delete. */
export default function TagsScreen() {
  const tags = useTagUsage();
  const { mutate } = useSyncActions();
  const [deleting, setDeleting] = useState<TagUsage | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="page">
      <PageHeader
        title="Tags"
        description="Tags sort conversations. Renaming a tag renames it on every conversation; deleting it removes it from them. A name that starts with an emoji takes its colour."
      />
      <section className="panel" aria-label="New tag">
        <div className="panel__body">
          <TagForm
            slug={null}
            initial={{ name: '', color: null }}
            tags={tags ?? []}
            submitLabel="Create tag"
            onSubmit={({ name, color }) => mutate({ kind: 'create-tag', name, ...(color === null ? {} : { color }) })}
          />
        </div>
      </section>
      <section className="panel" aria-labelledby="tags-title">
        <div className="panel__header">
          <h2 className="panel__title" id="tags-title">
            Tags {tags && <span className="count">{tags.length}</span>}
          </h2>
        </div>
        {tags === undefined ? (
          <div className="panel__body">
            <Spinner label="Loading tags" />
          </div>
        ) : tags.length === 0 ? (
          <EmptyState icon="tag" title="No tags yet">
            Add one to a conversation from its header, or press t in a conversation.
          </EmptyState>
        ) : (
          <ul className="rows" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag.slug} className="row" data-testid="tag-row">
                {editing === tag.slug ? (
                  <TagForm
                    slug={tag.slug}
                    initial={{ name: tag.name, color: tag.color ?? null }}
                    tags={tags}
                    submitLabel="Save"
                    onCancel={() => setEditing(null)}
                    onSubmit={({ name, color }) => {
                      setEditing(null);
                      mutate({ kind: 'update-tag', slug: tag.slug, ...(name === tag.name ? {} : { name }), ...(color === (tag.color ?? null) ? {} : { color }) });
                    }}
                  />
                ) : (
                  <>
                <div className="row__main">
                  <p className="row__title">
                    <span className="tag" style={tagStyle(tag.name, tag.color)}>
                      {tag.name}
                    </span>
                    {tag.is_system && <Badge>System</Badge>}
                  </p>
                  <p className="row__detail">{conversationCount(tag.conversations)}</p>
                </div>
                <div className="row__side">
                  {tag.is_system ? (
                    <span className="row__role">Set by the app</span>
                  ) : (
                    <>
                      <Button variant="ghost" size="small" aria-label={`Edit tag ${tag.name}`} onClick={() => setEditing(tag.slug)}>
                        Edit
                      </Button>
                      <Button variant="ghost" size="small" aria-label={`Delete tag ${tag.name}`} onClick={() => setDeleting(tag)}>
                        Delete
                      </Button>
                    </>
                  )}
                </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeleteTagModal tag={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
