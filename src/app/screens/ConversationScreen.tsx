import { Link, useParams } from 'react-router-dom';
import { parseConversationId } from '../../protocol/conversation-id';
import { EmptyState } from '../components/EmptyState';
import { useSignedIn } from '../session/signed-in-context';

/** `conversations/view/{id}` (§2). Conversations do not exist yet, so every id is not found. */
export default function ConversationScreen() {
  const { slug } = useSignedIn();
  const id = parseConversationId(useParams()['id']);
  return (
    <div className="page">
      <div className="centered">
        <EmptyState
          icon="search"
          title="Conversation not found"
          actions={
            <Link className="btn btn--secondary" to={`/${slug}/conversations`}>
              Back to conversations
            </Link>
          }
        >
          {id === 0
            ? 'This address does not point to a conversation.'
            : `There is no conversation #${id} in this organization, or you cannot see it.`}
        </EmptyState>
      </div>
    </div>
  );
}
