import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { tagStyle } from '../conversations/tag-style';
import { DeleteTagModal } from './DeleteTagModal';
import { conversationCount, useTagUsage, type TagUsage } from './use-tag-usage';

/** `tags` (§2, §6 `tag.*`): the organization's tags with how many conversations use each; delete one. */
export default function TagsScreen() {
  const tags = useTagUsage();
  const [deleting, setDeleting] = useState<TagUsage | null>(null);
  return (
    <div className="page">
      <PageHeader title="Tags" description="Tags sort conversations. Deleting a tag removes it from every conversation that has it." />
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
                <div className="row__main">
                  <p className="row__title">
                    <span className="tag" style={tagStyle(tag.name)}>
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
                    <Button variant="ghost" size="small" aria-label={`Delete tag ${tag.name}`} onClick={() => setDeleting(tag)}>
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeleteTagModal tag={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
