import { EmptyState } from '../../components/EmptyState';
import { Keys } from '../../keyboard/ShortcutHelp';

/** The workspace's right pane before a conversation is opened: calm, and how to open one. */
export function NoConversationOpen() {
  return (
    <div className="conversation-view conversation-view--state" data-testid="no-conversation-open">
      <EmptyState icon="inbox" title="No conversation open">
        <p>Pick one from the list to read and answer it here.</p>
        <p className="no-conversation__keys">
          <Keys keys={['j']} /> <Keys keys={['k']} /> to move, <Keys keys={['Enter']} /> to open, <Keys keys={['?']} /> for every shortcut
        </p>
      </EmptyState>
    </div>
  );
}
