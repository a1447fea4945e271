import type { Draft } from '../../../../protocol/documents';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { longRelativeTime } from '../../../format/relative-time';
import { useNow } from '../../../hooks/use-now';
import { useAgentDirectory } from '../../../session/agent-directory';
import { htmlToPlainText, isEditorHtml } from './rich-text';

type SharedDraftsProps = { drafts: readonly Draft[]; onUse: (draft: Draft) => void };

/**
 * Teammates' drafts shared with the agent, above the composer: who wrote it, the text as it is
 * being written (it follows their typing live), and "Use this draft" to take it into one's own
 * composer. Read-only: the writer keeps their draft.
 */
export function SharedDrafts({ drafts, onUse }: SharedDraftsProps) {
  const agents = useAgentDirectory();
  const now = useNow(30_000);
  if (drafts.length === 0) return null;
  return (
    <div className="shared-drafts">
      {drafts.map((draft) => {
        const author = agents.get(draft.agent_id);
        const name = author?.name ?? 'A teammate';
        const kind = draft.type === 'NOTE' ? 'note' : 'reply';
        return (
          <section key={draft.id} className={`shared-draft shared-draft--${kind}`} aria-label={`Draft ${kind} shared by ${name}`} data-testid="shared-draft">
            <header className="shared-draft__header">
              <Avatar name={name} email={author?.email ?? ''} src={author?.avatar ?? null} size={20} />
              <p className="shared-draft__title">
                <strong>{name}</strong> shared a draft {kind}
                <span className="shared-draft__time"> · {longRelativeTime(draft.updated_at, now)}</span>
              </p>
              <Button size="small" variant="secondary" onClick={() => onUse(draft)}>
                Use this draft
              </Button>
            </header>
            <div className="shared-draft__text">{isEditorHtml(draft.message) ? htmlToPlainText(draft.message) : draft.message}</div>
          </section>
        );
      })}
    </div>
  );
}
