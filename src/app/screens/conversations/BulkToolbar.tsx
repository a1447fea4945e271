import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { BulkAction } from '../../../protocol/api/conversation-requests';
import { BULK_MAX_CONVERSATIONS } from '../../../protocol/api/conversation-requests';
import { Button } from '../../components/Button';
import { useKeyboardRegistry } from '../../keyboard/keyboard-context';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { useTagNames } from './use-tag-names';

type BulkToolbarProps = {
  /** The picked conversations (the x selection). */
  marked: ReadonlySet<number>;
  /** The rows the list shows, for "Select all". */
  shownIds: readonly number[];
};

/**
 * Shown above the list while conversations are picked: one action for all of them, sent as one
 * bulk mutation (per BULK_MAX_CONVERSATIONS), after which the selection is cleared.
 */
export function BulkToolbar({ marked, shownIds }: BulkToolbarProps) {
  const { agent } = useSignedIn();
  const { mutate } = useSyncActions();
  const { markAll, clearMarks } = useKeyboardRegistry();
  const apply = (action: BulkAction) => {
    const ids = [...marked];
    for (let start = 0; start < ids.length; start += BULK_MAX_CONVERSATIONS) {
      mutate({ kind: 'bulk', conversation_ids: ids.slice(start, start + BULK_MAX_CONVERSATIONS), action });
    }
    clearMarks();
  };
  return (
    <div className="conv-list__bulk" role="toolbar" aria-label="Bulk actions">
      <span className="conv-list__bulk-count" aria-live="polite">
        {marked.size} selected
      </span>
      <Button size="small" onClick={() => apply({ status: 'CLOSED' })}>
        Close
      </Button>
      <Button size="small" onClick={() => apply({ status: 'WAITING' })}>
        Mark as waiting
      </Button>
      <Button size="small" onClick={() => apply({ agent_id: agent.id })}>
        Assign to me
      </Button>
      <BulkTagForm onTag={(name) => apply({ add_tag: name })} />
      <Button size="small" onClick={() => markAll(shownIds)}>
        Select all
      </Button>
      <Button size="small" onClick={clearMarks}>
        Clear selection
      </Button>
    </div>
  );
}

/** "Tag": one tag name (an existing tag, suggested, or a new one) added to every picked conversation. */
function BulkTagForm({ onTag }: { onTag: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const tagNames = useTagNames();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    onTag(trimmed);
    setName('');
  };
  return (
    <form className="conv-list__bulk-tag" onSubmit={submit}>
      <input
        className="conv-list__bulk-tag-input"
        aria-label="Tag the selected conversations"
        placeholder="Add tag…"
        list={`${id}-tags`}
        value={name}
        maxLength={50}
        onChange={(event) => setName(event.target.value)}
      />
      <datalist id={`${id}-tags`}>
        {[...tagNames.values()].map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <Button size="small" type="submit" disabled={!name.trim()}>
        Tag
      </Button>
    </form>
  );
}
