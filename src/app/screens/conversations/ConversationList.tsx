import { useEffect, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { CONVERSATION_PAGE_SIZE, NEW_ITEM_HIGHLIGHT_MS } from '../../../protocol/constants';
import type { Conversation } from '../../../protocol/documents';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useFreshKeys } from '../../hooks/use-fresh-keys';
import { useNow } from '../../hooks/use-now';
import { useKeyboardRegistry, useKeyboardSelection } from '../../keyboard/keyboard-context';
import { useSignedIn } from '../../session/signed-in-context';
import { useConnectionMeta } from '../../sync/use-connection';
import type { ConversationFilter } from '../conversation-filter';
import { BulkToolbar } from './BulkToolbar';
import { ConversationRow } from './ConversationRow';
import { useConversationList } from './use-conversation-list';
import { useTagNames } from './use-tag-names';

const highlightStyle = { '--highlight-duration': `${NEW_ITEM_HIGHLIGHT_MS}ms` } as CSSProperties;
const rowKeys = (conversation: Conversation) => [String(conversation.id)];
const rowTime = (conversation: Conversation) => conversation.last_update_ts;

type ListProps = {
  filter: ConversationFilter;
  /** Where a row leads. */
  rowPath: (id: number) => string;
  /** What to show when the filter matches nothing. */
  empty: ReactNode;
  currentId?: number | string;
};

/** The live list of a filter, CONVERSATION_PAGE_SIZE (§9) at a time. Remount it per filter. */
export function ConversationList({ filter, rowPath, empty, currentId }: ListProps) {
  const { agent } = useSignedIn();
  const [limit, setLimit] = useState(CONVERSATION_PAGE_SIZE);
  const data = useConversationList(filter, agent.id, limit);
  const tagNames = useTagNames();
  const meta = useConnectionMeta();
  const now = useNow(30_000);
  const fresh = useFreshKeys(data?.rows, rowKeys, rowTime);
  const { registerList, toggleMark } = useKeyboardRegistry();
  const { cursor, marked } = useKeyboardSelection();
  // Keyed by the order of ids, so a live update that moves nothing registers nothing.
  const idOrder = data?.rows.map((row) => row.id).join(',');
  useEffect(() => {
    if (idOrder === undefined) return;
    return registerList(idOrder ? idOrder.split(',').map(Number) : []);
  }, [idOrder, registerList]);

  if (!data) return null;
  if (data.total === 0) {
    // The socket is open and the first catch-up is still arriving: not "empty" yet.
    const catchingUp = meta?.state === 'open' && !meta.ready;
    if (catchingUp) {
      return (
        <div className="conv-list__state">
          <Spinner large label="Loading conversations" />
        </div>
      );
    }
    return <>{empty}</>;
  }
  return (
    <>
      {marked.size > 0 && <BulkToolbar marked={marked} shownIds={data.rows.map((row) => row.id)} />}
      <ul className="conv-list" style={highlightStyle} role="list" aria-label="Conversations">
        {data.rows.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            contact={data.contacts.get(conversation.contact_id)}
            tagNames={tagNames}
            to={rowPath(conversation.id)}
            now={now}
            current={conversation.id === currentId}
            fresh={fresh.has(String(conversation.id))}
            selected={cursor?.id === conversation.id}
            marked={marked.has(conversation.id)}
            selecting={marked.size > 0}
            onToggleMark={toggleMark}
          />
        ))}
      </ul>
      <div className="conv-list__footer">
        <span className="conv-list__count">
          {data.rows.length} of {data.total}
        </span>
        {data.total > data.rows.length && (
          <Button size="small" onClick={() => setLimit((n) => n + CONVERSATION_PAGE_SIZE)}>
            Show more
          </Button>
        )}
      </div>
    </>
  );
}
