import { Avatar } from '../../../components/Avatar';
import { useConversationViewers } from '../../../sync/use-presence';

/**
 * The teammates who have this conversation open (§4 viewer presence), as a small avatar stack
 * in the header; one writing a reply wears a pen badge. Nothing when the agent is alone.
 */
export function ViewerList({ conversationId, myId }: { conversationId: number; myId: number }) {
  const viewers = useConversationViewers(conversationId, myId);
  if (viewers.length === 0) return null;
  return (
    <ul className="viewer-list" aria-label="Also viewing">
      {viewers.map((viewer) => {
        const doing = viewer.typing ? 'writing a reply' : 'viewing';
        return (
          <li key={viewer.id} className={viewer.typing ? 'viewer-list__item viewer-list__item--typing' : 'viewer-list__item'} title={`${viewer.name} is ${doing}`}>
            <Avatar name={viewer.name} email={viewer.email} src={viewer.avatar} size={26} />
            <span className="visually-hidden">
              {viewer.name} is {doing}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
