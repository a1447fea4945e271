import { Link, useParams, useSearchParams } from 'react-router-dom';
import { parseConversationId } from '../../protocol/conversation-id';
import { EmptyState } from '../components/EmptyState';
import { Spinner } from '../components/Spinner';
import { useSignedIn } from '../session/signed-in-context';
import { useConnectionMeta } from '../sync/use-connection';
import { FILTER_PARAM, INBOX_PARAM, conversationListPath, customInboxPath, parseConversationFilter } from './conversation-filter';
import { ConversationSideList } from './conversations/ConversationSideList';
import { ConversationView } from './conversations/ConversationView';
import { useConversation } from './conversations/use-conversation';

/** `conversations/view/{id}` (§2): the conversation, beside its list on wide screens. */
export default function ConversationScreen() {
  const { slug, agent } = useSignedIn();
  const id = parseConversationId(useParams()['id']);
  const [params] = useSearchParams();
  const filter = parseConversationFilter(params.get(FILTER_PARAM));
  const custom = agent.custom_inboxes.find((inbox) => inbox.key === params.get(INBOX_PARAM));
  const backPath = custom ? customInboxPath(slug, custom.key) : conversationListPath(slug, filter);
  return (
    <div className="conversation-layout">
      <ConversationSideList filter={filter} inboxKey={custom?.key} currentId={id} />
      {typeof id === 'number' && id > 0 ? (
        <LocalConversation key={id} id={id} backPath={backPath} />
      ) : (
        <NotFound message="This address does not point to a conversation." backPath={backPath} />
      )}
    </div>
  );
}

function LocalConversation({ id, backPath }: { id: number; backPath: string }) {
  const data = useConversation(id);
  const meta = useConnectionMeta();
  if (data === undefined) return <div className="conversation-view" />;
  if (data) return <ConversationView conversation={data.conversation} contact={data.contact} backPath={backPath} />;
  // Not on this device: while the first catch-up runs it may still arrive.
  if (meta?.state === 'open' && !meta.ready) {
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
