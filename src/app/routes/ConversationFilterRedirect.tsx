import { Navigate, useParams } from 'react-router-dom';
import { conversationListPath } from '../screens/conversation-filter';
import type { ConversationFilter } from '../screens/conversation-filter';

/** `conversations/inbox|waiting|all` (§2): the list with that filter in its query. */
export function ConversationFilterRedirect({ filter }: { filter: ConversationFilter }) {
  const { domain = '' } = useParams();
  return <Navigate to={conversationListPath(domain, filter)} replace />;
}
