import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { EmptyState } from '../components/EmptyState';
import { Spinner } from '../components/Spinner';
import { useConnectionMeta } from '../sync/use-connection';
import { ContactSummary } from './conversations/contact/ContactSummary';
import { previewOf } from './conversations/list/conversation-preview';
import { ConversationView } from './conversations/ConversationView';
import { useConversation } from './conversations/use-conversation';
import { useMergedRedirect } from './conversations/use-merged-redirect';
import { useFetchOnOpen } from './conversations/use-fetch-on-open';
import { StartingConversation } from './conversations/new/StartingConversation';
import { isTemporaryConversationId } from './conversations/new/temporary-conversation-id';

type PaneProps = {
  /** From `conversations/view/{id}` (§2): a number, a two-character text id, or 0. */
  id: number | string;
  backPath: string;
  rowPath: (id: number) => string;
  /** The contact summary as a panel (narrower screens): shown, and how to show or hide it. */
  summaryOpen: boolean;
  onSummaryOpen: (open: boolean) => void;
};

/**
 * The workspace's right pane with a conversation open (§2 `conversations/view/{id}`): the
 * conversation and its contact summary, or why there is none.
 */
export function ConversationPane({ id, backPath, ...rest }: PaneProps) {
  if (typeof id === 'number' && isTemporaryConversationId(id)) return <StartingConversation key={id} id={id} backPath={backPath} rowPath={rest.rowPath} />;
  if (typeof id !== 'number' || id <= 0) return <NotFound message="This address does not point to a conversation." backPath={backPath} />;
  return <LocalConversation key={id} id={id} backPath={backPath} {...rest} />;
}

function LocalConversation({ id, backPath, rowPath, summaryOpen, onSummaryOpen }: PaneProps & { id: number }) {
  const preview = previewOf(useLocation().state, id);
  const live = useConversation(id);
  // Opened from the list: its copy shows until the live read answers (a few milliseconds).
  const data = live === undefined && preview ? preview : live;
  const meta = useConnectionMeta();
  // Not held here once the catch-up is done: it may have been merged into another one.
  const missing = data === null && !(meta?.state === 'open' && !meta.ready);
  const askingServer = useMergedRedirect(id, missing, rowPath);
  // Outside the replication window (or not synced yet): fetched from the server and kept.
  const fetching = useFetchOnOpen(id, missing && meta?.state === 'open');
  if (data === undefined) return <div className="conversation-view" />;
  if (data) {
    const { conversation, contact } = data;
    return (
      <div className="conversation-pane" data-summary={summaryOpen ? 'open' : 'closed'}>
        <ConversationView conversation={conversation} contact={contact} backPath={backPath} />
        <button
          type="button"
          className="conversation-pane__summary-toggle"
          aria-expanded={summaryOpen}
          aria-controls="contact-summary"
          title="Contact details"
          onClick={() => onSummaryOpen(!summaryOpen)}
        >
          <Avatar name={contact?.name ?? ''} email={contact?.email ?? ''} src={contact?.avatar ?? null} size={26} />
          <span className="visually-hidden">Contact details</span>
        </button>
        <ContactSummary conversation={conversation} contact={contact} rowPath={rowPath} onClose={() => onSummaryOpen(false)} />
      </div>
    );
  }
  // Not on this device: while the first catch-up runs it may still arrive.
  if ((meta?.state === 'open' && !meta.ready) || askingServer || fetching) {
    return (
      <div className="conversation-view conversation-view--state">
        <Spinner large label="Loading the conversation" />
      </div>
    );
  }
  return <NotFound message={`There is no conversation #${id} in this organization, or you cannot see it.`} backPath={backPath} />;
}

function NotFound({ message, backPath }: { message: string; backPath: string }) {
  return (
    <div className="conversation-view conversation-view--state">
      <EmptyState
        icon="search"
        title="Conversation not found"
        actions={
          <Link className="btn btn--secondary" to={backPath}>
            Back to conversations
          </Link>
        }
      >
        {message}
      </EmptyState>
    </div>
  );
}
