import type { BulkAction } from '../../../../protocol/api/conversation-requests';
import { Button } from '../../../components/Button';
import { useKeyboardRegistry } from '../../../keyboard/keyboard-context';
import { useTriageActions } from '../../../keyboard/use-triage-actions';
import { useSignedIn } from '../../../session/signed-in-context';
import { AssignMenu } from '../AssignMenu';
import { TagCombobox } from '../TagCombobox';
import { useTagNames } from '../use-tag-names';

type BulkToolbarProps = {
  /** The picked conversations (the x selection). */
  marked: ReadonlySet<number>;
  /** The rows the list shows, for "Select all". */
  shownIds: readonly number[];
};

/**
 * Shown above the list while conversations are picked: one action for all of them, sent as one
 * bulk mutation (per BULK_MAX_CONVERSATIONS), after which the selection is cleared; z or the
 * toast's Undo takes it back as one.
 */
export function BulkToolbar({ marked, shownIds }: BulkToolbarProps) {
  const { agent } = useSignedIn();
  const triage = useTriageActions();
  const { markAll, clearMarks } = useKeyboardRegistry();
  const apply = (action: BulkAction) => {
    void triage.bulk([...marked], action);
    clearMarks();
  };
  return (
    // Two lines that fit the list pane at any width: what is picked, then what to do with it.
    <div className="conv-list__bulk" role="toolbar" aria-label="Bulk actions">
      <div className="conv-list__bulk-head">
        <span className="conv-list__bulk-count" aria-live="polite">
          {marked.size} selected
        </span>
        <Button size="small" variant="ghost" onClick={() => markAll(shownIds)}>
          Select all
        </Button>
        <Button size="small" variant="ghost" onClick={clearMarks}>
          Clear selection
        </Button>
      </div>
      <div className="conv-list__bulk-actions">
        <Button size="small" onClick={() => apply({ status: 'CLOSED' })}>
          Close
        </Button>
        <Button size="small" onClick={() => apply({ status: 'WAITING' })} title="Mark as waiting">
          <span aria-hidden="true">Waiting</span>
          <span className="visually-hidden">Mark as waiting</span>
        </Button>
        <AssignMenu current={undefined} myId={agent.id} onAssign={(agentId) => apply({ agent_id: agentId })} label="Assign the selected conversations">
          Assign…
        </AssignMenu>
        <BulkTagForm onTag={(name) => apply({ add_tag: name })} />
      </div>
    </div>
  );
}

/** "Tag": an existing tag picked from the ranked matches, or an explicitly created one, added to every picked conversation. */
function BulkTagForm({ onTag }: { onTag: (name: string) => void }) {
  const tagNames = useTagNames();
  return <TagCombobox tags={tagNames} onPick={onTag} label="Tag the selected conversations" placeholder="Add tag…" className="conv-list__bulk-tag-input" />;
}
