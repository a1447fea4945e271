import type { LocalMessage } from '../../../../client-db/inbox-database';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { collisionText } from './collision-rule';
import type { Collision } from './use-collision';

type CollisionNoticeProps = {
  collision: Collision;
  authorName: (entry: LocalMessage) => string;
};

/**
 * Above the composer while the agent writes: what arrived meanwhile (a customer's message or a
 * teammate's reply), with Review. After a Send held back by it, says how to send after all.
 * A warning in every state (the warning icon and colour): once reviewed it is only quieter,
 * unless a Send is held back by it.
 */
export function CollisionNotice({ collision, authorName }: CollisionNoticeProps) {
  if (collision.arrived.length === 0) return null;
  const text = collisionText(collision.arrived, authorName);
  return (
    <div className={collision.blocking || collision.held ? 'collision-notice' : 'collision-notice collision-notice--seen'} role="status" data-testid="collision-notice">
      <Icon name="alert" size={16} />
      <p className="collision-notice__text">
        {text}
        {!collision.blocking && collision.held && <> Your reply was not sent yet: press Send again to send it.</>}
      </p>
      {collision.blocking && (
        <Button variant="ghost" size="small" onClick={collision.review}>
          Review
        </Button>
      )}
    </div>
  );
}
