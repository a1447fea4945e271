import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { Icon } from '../../../components/Icon';
import { useInboxDb } from '../../../sync/sync-context';
import { useConnectionMeta } from '../../../sync/use-connection';
import { useSyncActions } from '../../../sync/use-sync-actions';
import { Thread } from '../thread/Thread';
import { useConversation } from '../use-conversation';

/** What New conversation hands this screen: its first message's temporary id. */
export type StartedState = { firstMessageId: string };

type StartingConversationProps = {
  /** The temporary (negative) id the conversation shows under until the server names it. */
  id: number;
  backPath: string;
  rowPath: (id: number) => string;
};

/**
 * A conversation the agent started that the server has not saved yet (offline, or a moment
 * online): its subject, its address and its held first message, which Undo takes back. Once the
 * server's copy is here, the screen moves to it (found through the message's `target_id`).
 */
export function StartingConversation({ id, backPath, rowPath }: StartingConversationProps) {
  const db = useInboxDb();
  const navigate = useNavigate();
  const { undoSend } = useSyncActions();
  const meta = useConnectionMeta();
  const follow = useRef(false);
  const [undone, setUndone] = useState(false);
  const data = useConversation(id);
  const firstMessage = useLiveQuery(() => db.messages.where('conversation_id').equals(id).first(), [db, id]);
  // Known from the start when this tab started it (the server may answer before the temporary
  // copy is ever read here), else from that copy.
  const started = (useLocation().state as StartedState | null)?.firstMessageId ?? null;
  const tempMessageId = useRef<string | null>(started);
  if (firstMessage) tempMessageId.current = firstMessage.target_id ?? firstMessage.id;

  // Saved: its copy names the temporary message; undone: there is nothing left to show.
  const saved = useLiveQuery(
    async () => (data === null && tempMessageId.current ? db.messages.where('target_id').equals(tempMessageId.current).first() : undefined),
    [db, data],
  );
  useEffect(() => {
    if (saved && saved.conversation_id > 0) void navigate(rowPath(saved.conversation_id), { replace: true });
  }, [saved, navigate, rowPath]);

  // Undo here takes the whole conversation back: the screen then says so.
  const takeBack = (message: LocalMessage) => {
    setUndone(true);
    undoSend(message.id);
  };

  if (data === undefined) return <div className="conversation-view" />;
  if (data === null) {
    return (
      <div className="conversation-view conversation-view--state">
        <p className="starting-conversation__gone">
          {undone ? 'Taken back: nothing was sent.' : tempMessageId.current ? 'Opening the conversation…' : 'This conversation was not started.'}{' '}
          <Link to={backPath}>Back to conversations</Link>
        </p>
      </div>
    );
  }
  const { conversation, contact } = data;
  const offline = meta?.online === false || meta?.state !== 'open';
  return (
    <div className="conversation-view starting-conversation">
      <header className="conv-header">
        <div className="conv-header__row">
          <Link to={backPath} className="btn btn--ghost btn--small btn--icon conv-header__back" title="Back to conversations">
            <Icon name="arrowLeft" />
            <span className="visually-hidden">Back to conversations</span>
          </Link>
          <div className="conv-header__titles">
            <h1 className="conv-header__subject">{conversation.subject}</h1>
            <p className="conv-header__contact">
              <span className="conv-header__contact-name">{contact?.name || contact?.email || conversation.recipients[0]?.from}</span>
            </p>
          </div>
        </div>
        <p className="starting-conversation__status" role="status">
          {offline ? 'Offline: this conversation starts as soon as the connection is back.' : 'Starting the conversation…'}
        </p>
      </header>
      <Thread conversationId={id} follow={follow} onUndo={takeBack} onEditNote={ignore} onDeleteNote={ignore} />
    </div>
  );
}

/** A conversation not saved yet has no notes to edit. */
function ignore(): void {}
